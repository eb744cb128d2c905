import { BREAK_BOUNDS, type BreakKind } from "@helio/shared";
import { Plural, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { PasswordField } from "../../components/PasswordField.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage, isApiError } from "../../lib/api.ts";
import { formatDateTime } from "../../lib/format.ts";
import { useFormatLocale } from "../../lib/use-locale.ts";
import { breakQuery, useTakeBreak } from "./api.ts";

const TIMEOUT_DAYS = [1, 2, 3, 7, 14, 30, BREAK_BOUNDS.timeoutDays.max] as const;
const EXCLUSION_MONTHS = [BREAK_BOUNDS.exclusionMonths.min, 12, 24, 36, BREAK_BOUNDS.exclusionMonths.max] as const;

/** Take a timeout or exclude oneself, confirmed with the password; the break in force, with its end. */
export function BreakSection() {
  const { t } = useLingui();
  const locale = useFormatLocale();
  const status = useQuery(breakQuery);
  const take = useTakeBreak();
  const [kind, setKind] = useState<BreakKind>("timeout");
  const [days, setDays] = useState<number>(1);
  const [months, setMonths] = useState<number>(6);
  const [password, setPassword] = useState("");
  const current = status.data?.current ?? null;
  const until = current ? formatDateTime(current.endsAt, { locale }) : "";
  const wrongPassword = isApiError(take.error) && take.error.fields?.some((f) => f.field === "password");

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = kind === "timeout" ? { kind, days, password } : { kind, months, password };
    take.mutate(body, { onSuccess: () => setPassword("") });
  };

  return (
    <SectionCard
      id="take-a-break"
      title={t`Take a break`}
      description={t`A timeout (1 day to 6 weeks) or a self-exclusion (6 months to 5 years) stops Real trades, deposits and packages until it ends. You cannot end it early; withdrawals, your statement and support stay open.`}
    >
      {current ? (
        <Alert severity="warning" sx={{ mb: 2 }}>
          {current.kind === "exclusion"
            ? t`You have excluded yourself until ${until}.`
            : t`You are on a timeout until ${until}.`}
        </Alert>
      ) : null}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: "grid", gap: 2, maxWidth: 420 }}>
        <RadioGroup
          aria-label={t`Kind of break`}
          value={kind}
          onChange={(event) => setKind(event.target.value as BreakKind)}
        >
          <FormControlLabel value="timeout" control={<Radio />} label={t`Timeout`} />
          <FormControlLabel value="exclusion" control={<Radio />} label={t`Self-exclusion`} />
        </RadioGroup>
        {kind === "timeout" ? (
          <TextField select label={t`Length`} value={days} onChange={(event) => setDays(Number(event.target.value))}>
            {TIMEOUT_DAYS.map((n) => (
              <MenuItem key={n} value={n}>
                <Plural value={n} one="# day" other="# days" />
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            select
            label={t`Length`}
            value={months}
            onChange={(event) => setMonths(Number(event.target.value))}
          >
            {EXCLUSION_MONTHS.map((n) => (
              <MenuItem key={n} value={n}>
                <Plural value={n} one="# month" other="# months" />
              </MenuItem>
            ))}
          </TextField>
        )}
        <PasswordField
          label={t`Your password`}
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={wrongPassword}
          helperText={wrongPassword ? t`The password is not correct.` : undefined}
        />
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          {t`Only a member of staff can end a break early, and only for a reason they write down.`}
        </Typography>
        <Box>
          <Button type="submit" variant="contained" color="error" disabled={take.isPending || !password}>
            {t`Start the break`}
          </Button>
        </Box>
        {take.isError && !wrongPassword ? <Alert severity="error">{errorMessage(take.error)}</Alert> : null}
      </Box>
    </SectionCard>
  );
}
