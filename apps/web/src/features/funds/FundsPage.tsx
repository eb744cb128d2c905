import type { Fund, WalletEntry } from "@helio/shared";
import { API } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import DownloadIcon from "@mui/icons-material/Download";
import SendIcon from "@mui/icons-material/Send";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Skeleton from "@mui/material/Skeleton";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { Link as RouterLink } from "react-router";
import type { Column } from "../../components/DataTable.tsx";
import { EntryDescription } from "../../components/EntryDescription.tsx";
import { LEDGER_COLUMNS } from "../../components/ledger-columns.tsx";
import { Money } from "../../components/Money.tsx";
import { PagedTable } from "../../components/PagedTable.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PageSection } from "../../components/PageSection.tsx";
import { QueryError } from "../../components/QueryError.tsx";
import { usePagingParams } from "../../lib/paging.ts";
import { paths } from "../../lib/paths.ts";
import { fundHistoryQuery, fundSummaryQuery } from "./api.ts";
import { FUND_TEXT } from "./model.ts";

const COLUMNS: Column<WalletEntry>[] = [
  LEDGER_COLUMNS.date,
  LEDGER_COLUMNS.kind,
  LEDGER_COLUMNS.amount,
  LEDGER_COLUMNS.balanceAfter,
  { key: "description", header: <Trans>Description</Trans>, render: (e) => <EntryDescription entry={e} /> },
];

/** The fund's balance as a card (also on the withdrawal pages). */
export function FundBalanceCard({ fund }: { fund: Fund }) {
  const { i18n } = useLingui();
  const summary = useQuery(fundSummaryQuery(fund));
  if (summary.isPending) return <Skeleton variant="rounded" height={120} />;
  if (summary.isError) return <QueryError error={summary.error} onRetry={() => void summary.refetch()} />;
  const label = i18n._(FUND_TEXT[fund].balance);
  return (
    <Card component="section" aria-label={label}>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {label}
        </Typography>
        <Typography component="p" sx={{ fontSize: "1.75rem", fontWeight: 700 }} data-testid="fund-balance">
          <Money microcents={summary.data.balanceMicrocents} />
        </Typography>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          <Trans>
            Wallet: <Money microcents={summary.data.walletMicrocents} />
          </Trans>
        </Typography>
      </CardContent>
    </Card>
  );
}

function FundHistory({ fund }: { fund: Fund }) {
  const { t, i18n } = useLingui();
  const paging = usePagingParams({ pageSize: 20 });
  const history = useQuery(fundHistoryQuery(fund, paging.page, paging.pageSize));
  return (
    <PageSection
      id="history-heading"
      title={t`History`}
      actions={
        <Button component="a" href={API.fundHistoryCsv(fund)} download variant="outlined" startIcon={<DownloadIcon />}>
          <Trans>Export CSV</Trans>
        </Button>
      }
    >
      <PagedTable
        label={i18n._(FUND_TEXT[fund].history)}
        columns={COLUMNS}
        query={history}
        rowKey={(e) => String(e.id)}
        empty={t`No movements yet.`}
        paging={paging}
      />
    </PageSection>
  );
}

/** `/funds-profit` and `/funds-bonus`: the fund's balance and its ledger entries. */
function FundsPage({ fund }: { fund: Fund }) {
  const { i18n } = useLingui();
  const text = FUND_TEXT[fund];
  return (
    <Box>
      <PageHeader
        title={i18n._(text.funds)}
        subtitle={i18n._(text.subtitle)}
        actions={
          <Button component={RouterLink} to={paths.withdrawalOf(fund)} variant="contained" startIcon={<SendIcon />}>
            <Trans>Move to wallet</Trans>
          </Button>
        }
      />
      <Stack spacing={4}>
        <Box sx={{ maxWidth: 480 }}>
          <FundBalanceCard fund={fund} />
        </Box>
        <FundHistory fund={fund} />
      </Stack>
    </Box>
  );
}

export function FundsProfitPage() {
  return <FundsPage fund="profit" />;
}

export function FundsBonusPage() {
  return <FundsPage fund="bonus" />;
}
