import { LIMIT_BOUNDS, type MemberLimit, type MemberLimitKey, type SetMemberLimit, USD_QUOTE } from "@helio/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import InputAdornment from "@mui/material/InputAdornment";
import Stack from "@mui/material/Stack";
import Switch from "@mui/material/Switch";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Money } from "../../components/Money.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { QueryState } from "../../components/QueryState.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { validAmountMicrocents } from "../../lib/amount.ts";
import { errorMessage } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { AccountLimitsSection } from "./AccountLimitsSection.tsx";
import { limitsQuery, useSetLimit } from "./api.ts";
import { BreakSection } from "./BreakSection.tsx";
import { RealitySection } from "./RealitySection.tsx";

type Unit = "amount" | "contracts" | "minutes";

/** How a limit's figure (a bigint: microcents, contracts or minutes) reads. */
function Figure({ unit, value: figure }: { unit: Unit; value: bigint }) {
  if (unit === "amount") return <Money microcents={figure} withUsd />;
  // Not money: a count of contracts or minutes, a small whole number.
  const value = Number(figure);
  if (unit === "contracts") return <Plural value={value} one="# contract" other="# contracts" />;
  return <Plural value={value} one="# minute" other="# minutes" />;
}

/** The typed text as the limit's figure (microcents, contracts or minutes), or null when it is not one. */
function typedValue(unit: Unit, text: string): bigint | null {
  if (unit === "amount") {
    const microcents = validAmountMicrocents(text.trim(), {}, USD_QUOTE);
    const { min, max } = LIMIT_BOUNDS.amountMicrocents;
    return microcents !== null && microcents >= min && microcents <= max ? microcents : null;
  }
  if (!/^\d+$/.test(text.trim())) return null;
  const n = Number(text.trim());
  const bounds = unit === "contracts" ? LIMIT_BOUNDS.openContracts : LIMIT_BOUNDS.sessionMinutes;
  return n >= bounds.min && n <= bounds.max ? BigInt(n) : null;
}

/** A count limit's figure as its request carries it: a JSON whole number (money limits stay bigint). */
const countOf = (figure: bigint | null) => (figure === null ? null : Number(figure));

/** One limit: what holds, what is used and left, a change waiting for its date, and a form to change it. */
function LimitRow({
  label,
  limit,
  unit,
  request,
}: {
  label: string;
  limit: MemberLimit;
  unit: Unit;
  /** The request that sets the limit to a figure (in the unit of its key), or removes it (null). */
  request: (value: bigint | null) => SetMemberLimit;
}) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const headingId = useId();
  const [text, setText] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetLimit();
  const { min, max } = unit === "contracts" ? LIMIT_BOUNDS.openContracts : LIMIT_BOUNDS.sessionMinutes;
  const invalid =
    unit === "amount"
      ? t`Enter an amount in USD, at least 0.01`
      : unit === "contracts"
        ? t`Enter a whole number from ${min} to ${max}`
        : t`Enter a whole number of minutes from ${min} to ${max}`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typedValue(unit, text);
    if (value === null) {
      setProblem(invalid);
      return;
    }
    setProblem(null);
    save.mutate(request(value), { onSuccess: () => setText("") });
  };
  const used = limit.used;
  const left = limit.value !== null && used !== null ? (limit.value > used ? limit.value - used : 0n) : null;
  const when = limit.pending ? formatDateTime(limit.pending.effectiveAt, { locale }) : "";

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ py: 2, "& + &": { borderTop: 1, borderColor: "divider" } }}
    >
      <Typography id={headingId} variant="h3" component="h3" sx={{ fontSize: "1rem", fontWeight: 600 }}>
        {label}
      </Typography>
      <Typography sx={{ mt: 0.5 }}>
        {limit.value === null ? t`No limit` : <Figure unit={unit} value={limit.value} />}
      </Typography>
      {limit.value !== null && used !== null && left !== null ? (
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          <Trans>
            Used: <Figure unit={unit} value={used} /> · Left: <Figure unit={unit} value={left} />
          </Trans>
        </Typography>
      ) : null}
      {limit.pending ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {limit.pending.value === null ? (
            t`Removed on ${when}, after the 24-hour cooling-off.`
          ) : (
            <Trans>
              Rises to <Figure unit={unit} value={limit.pending.value} /> on {when}, after the 24-hour cooling-off.
            </Trans>
          )}
        </Alert>
      ) : null}
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ mt: 1.5, display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        <TextField
          size="small"
          label={t`New limit`}
          value={text}
          onChange={(event) => setText(event.target.value)}
          error={problem !== null}
          helperText={problem ?? undefined}
          autoComplete="off"
          sx={{ flex: "1 1 12rem", maxWidth: { sm: "16rem" } }}
          slotProps={{
            htmlInput: { inputMode: unit === "amount" ? "decimal" : "numeric" },
            input: {
              endAdornment: (
                <InputAdornment position="end">
                  {unit === "amount" ? "USD" : unit === "contracts" ? t`contracts` : t`minutes`}
                </InputAdornment>
              ),
            },
          }}
        />
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t`Save`}
        </Button>
        {limit.value !== null && limit.pending?.value !== null ? (
          <Button variant="outlined" disabled={save.isPending} onClick={() => save.mutate(request(null))}>
            {t`Remove`}
          </Button>
        ) : null}
      </Box>
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

function FreeSwitch({ limit }: { limit: MemberLimit }) {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const save = useSetLimit();
  const on = limit.value !== null;
  const until = limit.pending ? formatDateTime(limit.pending.effectiveAt, { locale }) : "";
  return (
    <Box>
      <FormControlLabel
        control={
          <Switch
            checked={on}
            disabled={save.isPending}
            onChange={(event) => save.mutate({ limit: "free", value: event.target.checked })}
          />
        }
        label={t`Apply my limits to Free (practice) money too`}
      />
      {limit.pending ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          {t`Your limits stop applying to Free money on ${until}, after the 24-hour cooling-off.`}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
    </Box>
  );
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <SectionCard id={id} title={title} headingGap={0}>
      {children}
    </SectionCard>
  );
}

/** `/limits`: the limits the member sets on themselves, with what is used and left of each. */
export function LimitsPage() {
  const { t } = useLingui();
  const limits = useQuery(limitsQuery);
  return (
    <Box>
      <PageHeader
        title={t`Limits`}
        subtitle={t`Limits you set on yourself for Real money. Lowering a limit holds at once; raising or removing one holds after a 24-hour cooling-off.`}
      />
      <QueryState query={limits}>
        {(data) => {
          const of = (key: MemberLimitKey) =>
            data.limits.find((l) => l.key === key) ?? { key, value: null, pending: null, used: null };
          const periods = [
            { period: "24h", stakes: t`Total stakes over 24 hours`, loss: t`Net loss over 24 hours` },
            { period: "7d", stakes: t`Total stakes over 7 days`, loss: t`Net loss over 7 days` },
            { period: "30d", stakes: t`Total stakes over 30 days`, loss: t`Net loss over 30 days` },
          ] as const;
          return (
            <Stack spacing={3}>
              <Group id="limits-stakes" title={t`Stakes`}>
                <LimitRow
                  label={t`Largest stake of one contract`}
                  limit={of("stakeMax")}
                  unit="amount"
                  request={(value) => ({ limit: "stakeMax", value })}
                />
                {periods.map(({ period, stakes }) => (
                  <LimitRow
                    key={period}
                    label={stakes}
                    limit={of(`stake${period}`)}
                    unit="amount"
                    request={(value) => ({ limit: "stake", period, value })}
                  />
                ))}
              </Group>
              <Group id="limits-losses" title={t`Net loss`}>
                {periods.map(({ period, loss }) => (
                  <LimitRow
                    key={period}
                    label={loss}
                    limit={of(`loss${period}`)}
                    unit="amount"
                    request={(value) => ({ limit: "loss", period, value })}
                  />
                ))}
              </Group>
              <Group id="limits-deposits" title={t`Deposits`}>
                <LimitRow
                  label={t`Deposits over 30 days`}
                  limit={of("deposit30d")}
                  unit="amount"
                  request={(value) => ({ limit: "deposit", period: "30d", value })}
                />
              </Group>
              <Group id="limits-trading" title={t`Trading`}>
                <LimitRow
                  label={t`Open contracts at once`}
                  limit={of("openContracts")}
                  unit="contracts"
                  request={(value) => ({ limit: "openContracts", value: countOf(value) })}
                />
                <LimitRow
                  label={t`Length of a trading session (from sign-in)`}
                  limit={of("sessionMinutes")}
                  unit="minutes"
                  request={(value) => ({ limit: "sessionMinutes", value: countOf(value) })}
                />
              </Group>
              <Group id="limits-free" title={t`Free money`}>
                <FreeSwitch limit={of("free")} />
              </Group>
              <RealitySection />
              <BreakSection />
              <AccountLimitsSection />
            </Stack>
          );
        }}
      </QueryState>
    </Box>
  );
}
