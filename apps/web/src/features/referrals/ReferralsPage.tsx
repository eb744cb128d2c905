import { REFERRAL_LEVELS, type ReferralMember, type ReferralNetwork } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Stack from "@mui/material/Stack";
import Tab from "@mui/material/Tab";
import Tabs from "@mui/material/Tabs";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { formatDate } from "../../lib/format.ts";
import { pagingFromParams } from "../../lib/paging.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { formatRate } from "../investment/index.ts";
import { networkQuery, referralMembersQuery } from "./api.ts";
import { ReferralLinkCard } from "./ReferralLinkCard.tsx";

function LevelTotals({ network }: { network: ReferralNetwork }) {
  return (
    <Box component="section" aria-labelledby="levels-heading">
      <Box sx={{ display: "flex", flexWrap: "wrap", gap: 1, alignItems: "baseline", mb: 2 }}>
        <Typography id="levels-heading" variant="h2" component="h2" sx={{ flexGrow: 1 }}>
          <Trans>Levels</Trans>
        </Typography>
        <Typography>
          <Trans>
            Commissions earned: <Money microcents={network.totalCommissionsMicrocents} sx={{ fontWeight: 700 }} />
          </Trans>
        </Typography>
      </Box>
      <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: { xs: "1fr", sm: "repeat(3, minmax(0, 1fr))" } }}>
        {network.levels.map((level) => {
          const number = level.level;
          const rate = formatRate(level.commissionBps);
          return (
            <Card key={level.level} component="article" aria-labelledby={`level-${level.level}`} variant="outlined">
              <CardContent>
                <Typography id={`level-${level.level}`} variant="h3" component="h3">
                  <Trans>Level {number}</Trans>
                </Typography>
                <Typography variant="body2" sx={{ color: "text.secondary", mb: 1 }}>
                  <Trans>{rate} commission</Trans>
                </Typography>
                <Box component="dl" sx={{ m: 0, display: "grid", gridTemplateColumns: "auto 1fr", columnGap: 2 }}>
                  <Typography component="dt" sx={{ color: "text.secondary" }}>
                    <Trans>Members</Trans>
                  </Typography>
                  <Box component="dd" sx={{ m: 0, textAlign: "right" }} data-testid={`level-${level.level}-members`}>
                    {level.members}
                  </Box>
                  <Typography component="dt" sx={{ color: "text.secondary" }}>
                    <Trans>Invested</Trans>
                  </Typography>
                  <Box component="dd" sx={{ m: 0, textAlign: "right" }}>
                    <Money microcents={level.investedMicrocents} />
                  </Box>
                  <Typography component="dt" sx={{ color: "text.secondary" }}>
                    <Trans>Earned</Trans>
                  </Typography>
                  <Box component="dd" sx={{ m: 0, textAlign: "right" }}>
                    <Money microcents={level.commissionsMicrocents} />
                  </Box>
                </Box>
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}

function useColumns(): Column<ReferralMember>[] {
  const { t } = useLingui();
  const locale = useFormatLocale();
  return [
    { key: "name", header: t`Name`, nowrap: true, render: (m) => m.fullName },
    {
      key: "joined",
      header: t`Joined`,
      nowrap: true,
      render: (m) => <time dateTime={m.joinedAt}>{formatDate(m.joinedAt, locale)}</time>,
    },
    {
      key: "invested",
      header: t`Invested`,
      align: "right",
      nowrap: true,
      render: (m) => <Money microcents={m.investedMicrocents} />,
    },
  ];
}

function LevelMembers() {
  const { t } = useLingui();
  const columns = useColumns();
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get("level"));
  const level = (REFERRAL_LEVELS as readonly number[]).includes(requested) ? requested : 1;
  const { page, pageSize } = pagingFromParams(params, { pageSize: 20 });
  const members = useQuery(referralMembersQuery(level, page, pageSize));
  return (
    <PageSection id="members-heading" title={t`Members`} headingGap={1}>
      <Tabs
        value={level}
        onChange={(_, next: number) => setParams({ level: String(next) })}
        aria-label={t`Network level`}
        // Scrolls sideways rather than cutting a tab when the three do not fit (360 px, longer languages).
        variant="scrollable"
        scrollButtons={false}
        sx={{ mb: 2 }}
      >
        {REFERRAL_LEVELS.map((l) => (
          <Tab key={l} value={l} label={t`Level ${l}`} />
        ))}
      </Tabs>
      <PagedTable
        label={t`Level ${level} members`}
        columns={columns}
        query={members}
        rowKey={(m) => `${m.fullName}-${m.joinedAt}`}
        empty={level === 1 ? t`Nobody has registered through your link yet.` : t`No members on level ${level} yet.`}
        paging={{
          page,
          pageSize,
          onPage: (p, size) => setParams({ level: String(level), page: String(p), pageSize: String(size) }),
        }}
      />
    </PageSection>
  );
}

/** `/refferals` (the seed's spelling; menu label Network): link, QR code, levels, members. */
export function ReferralsPage() {
  const { t } = useLingui();
  const network = useQuery(networkQuery);
  return (
    <Box>
      <PageHeader
        title={t`Network`}
        subtitle={t`The members you referred, three levels deep, and the commissions you earned.`}
      />
      <QueryState query={network} height={320}>
        {(current) => (
          <Stack spacing={4}>
            <ReferralLinkCard code={current.code} />
            <LevelTotals network={current} />
            <LevelMembers />
          </Stack>
        )}
      </QueryState>
    </Box>
  );
}
