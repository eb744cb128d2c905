import type { MemberLimit, MemberLimitKey, PlatformLimit, PlatformLimitKey } from "@helio/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { Money } from "../../components/Money.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { accountLimitsQuery, useRealityLive } from "./reality-api.ts";

type Unit = "amount" | "contracts" | "minutes" | "percent" | "bps";

const PLATFORM_UNITS: Record<PlatformLimitKey, Unit> = {
  stakeMin: "amount",
  stakeMax: "amount",
  openContracts: "contracts",
  payoutPercent: "percent",
  depositMin: "amount",
  withdrawalMin: "amount",
  withdrawalMax: "amount",
  withdrawalFeePercent: "bps",
  withdrawalFeeFlat: "amount",
};

const OWN_UNITS: Record<Exclude<MemberLimitKey, "free">, Unit> = {
  stakeMax: "amount",
  stake24h: "amount",
  stake7d: "amount",
  stake30d: "amount",
  loss24h: "amount",
  loss7d: "amount",
  loss30d: "amount",
  openContracts: "contracts",
  deposit30d: "amount",
  sessionMinutes: "minutes",
};

/** A limit's figure (a bigint in the unit of its key: microcents, a count, basis points or percent). */
function Value({ unit, value: figure }: { unit: Unit; value: bigint }) {
  const locale = useFormatLocale();
  if (unit === "amount") return <Money microcents={figure} />;
  // Not money: counts, minutes and rates are small whole numbers.
  const value = Number(figure);
  if (unit === "contracts") return <Plural value={value} one="# contract" other="# contracts" />;
  if (unit === "minutes") return <Plural value={value} one="# minute" other="# minutes" />;
  const percent = unit === "bps" ? value / 10_000 : value / 100;
  return <>{new Intl.NumberFormat(locale, { style: "percent", maximumFractionDigits: 2 }).format(percent)}</>;
}

/** One limit: its name and value, and what is used and left of it where something is used up. */
function Row({ label, children, usage }: { label: string; children: ReactNode; usage?: ReactNode }) {
  return (
    <Box
      component="li"
      sx={{
        py: 1,
        display: "flex",
        flexWrap: "wrap",
        justifyContent: "space-between",
        columnGap: 2,
        "& + &": { borderTop: 1, borderColor: "divider" },
      }}
    >
      <Typography component="span">{label}</Typography>
      <Typography component="span" sx={{ fontWeight: 600 }}>
        {children}
      </Typography>
      {usage ? (
        <Typography component="span" variant="body2" sx={{ color: "text.secondary", flexBasis: "100%" }}>
          {usage}
        </Typography>
      ) : null}
    </Box>
  );
}

function Usage({ unit, used, left }: { unit: Unit; used: bigint; left: bigint }) {
  return (
    <Trans>
      Used: <Value unit={unit} value={used} /> · Left: <Value unit={unit} value={left} />
    </Trans>
  );
}

function List({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: "none", m: 0, p: 0 }}>
      {children}
    </Box>
  );
}

/**
 * `/limits`: every limit that applies to the member in one list, Helio's and their own, with what is
 * used and left of each; it follows trades and deposits live.
 */
export function AccountLimitsSection() {
  const { t } = useLingui();
  useRealityLive();
  const limits = useQuery(accountLimitsQuery);
  const platformLabels: Record<PlatformLimitKey, string> = {
    stakeMin: t`Smallest stake`,
    stakeMax: t`Largest stake`,
    openContracts: t`Open contracts at once`,
    payoutPercent: t`Payout of a winning contract`,
    depositMin: t`Smallest deposit`,
    withdrawalMin: t`Smallest withdrawal`,
    withdrawalMax: t`Largest withdrawal`,
    withdrawalFeePercent: t`Withdrawal fee`,
    withdrawalFeeFlat: t`Withdrawal fee, fixed part`,
  };
  const ownLabels: Record<Exclude<MemberLimitKey, "free">, string> = {
    stakeMax: t`Largest stake of one contract`,
    stake24h: t`Total stakes over 24 hours`,
    stake7d: t`Total stakes over 7 days`,
    stake30d: t`Total stakes over 30 days`,
    loss24h: t`Net loss over 24 hours`,
    loss7d: t`Net loss over 7 days`,
    loss30d: t`Net loss over 30 days`,
    openContracts: t`Open contracts at once`,
    deposit30d: t`Deposits over 30 days`,
    sessionMinutes: t`Length of a trading session (from sign-in)`,
  };
  const platformRow = (limit: PlatformLimit) => {
    const unit = PLATFORM_UNITS[limit.key];
    return (
      <Row
        key={limit.key}
        label={platformLabels[limit.key]}
        usage={
          limit.used !== null && limit.left !== null ? (
            <Usage unit={unit} used={limit.used} left={limit.left} />
          ) : undefined
        }
      >
        <Value unit={unit} value={limit.value} />
      </Row>
    );
  };
  const ownRow = (limit: MemberLimit & { key: Exclude<MemberLimitKey, "free"> }) => {
    const unit = OWN_UNITS[limit.key];
    const value = limit.value ?? 0n;
    return (
      <Row
        key={limit.key}
        label={ownLabels[limit.key]}
        usage={
          limit.used !== null ? (
            <Usage unit={unit} used={limit.used} left={value > limit.used ? value - limit.used : 0n} />
          ) : undefined
        }
      >
        <Value unit={unit} value={value} />
      </Row>
    );
  };
  return (
    <SectionCard
      id="account-limits"
      title={t`Account limits`}
      description={t`Every limit that applies to your account: Helio's and your own, with what is used and left of each.`}
    >
      <QueryState query={limits}>
        {(data) => {
          const own = data.own.filter(
            (l): l is MemberLimit & { key: Exclude<MemberLimitKey, "free"> } => l.key !== "free" && l.value !== null,
          );
          return (
            <>
              <Typography variant="h3" component="h3" sx={{ fontSize: "1rem", fontWeight: 600 }}>
                {t`Set by Helio`}
              </Typography>
              <List label={t`Set by Helio`}>{data.platform.map(platformRow)}</List>
              {data.payouts.length ? (
                <Typography variant="body2" sx={{ color: "text.secondary", mt: 1 }}>
                  {t`Pairs with their own payout:`}{" "}
                  {data.payouts.map((p, i) => (
                    <span key={p.symbol}>
                      {i > 0 ? ", " : ""}
                      {p.symbol} <Value unit="percent" value={BigInt(p.percent)} />
                    </span>
                  ))}
                </Typography>
              ) : null}
              <Typography variant="h3" component="h3" sx={{ fontSize: "1rem", fontWeight: 600, mt: 3 }}>
                {t`Set by you`}
              </Typography>
              {own.length ? (
                <List label={t`Set by you`}>{own.map(ownRow)}</List>
              ) : (
                <Typography
                  sx={{ color: "text.secondary", mt: 1 }}
                >{t`You have set no limits of your own.`}</Typography>
              )}
            </>
          );
        }}
      </QueryState>
    </SectionCard>
  );
}
