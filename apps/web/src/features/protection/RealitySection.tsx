import { REALITY_CHECK_MINUTES } from "@helio/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage } from "../../lib/api.ts";
import { realityCheckQuery, useSetRealityInterval } from "./reality-api.ts";

/** The intervals the member picks from, in minutes. */
export const REALITY_INTERVALS = [10, 15, 20, 30, 45, 60, 90, 120] as const;

function Minutes({ value }: { value: number }) {
  return <Plural value={value} one="every # minute" other="every # minutes" />;
}

/**
 * Brings the section the address names into view once the page's sections are there (the reality
 * check's "Take a break" leads to `#take-a-break`).
 */
function useSectionInView() {
  const { hash } = useLocation();
  useEffect(() => {
    if (hash) document.getElementById(hash.slice(1))?.closest("section")?.scrollIntoView();
  }, [hash]);
}

/** `/limits`: how often the reality check comes while the member trades Real money. */
export function RealitySection() {
  const { t } = useLingui();
  const check = useQuery(realityCheckQuery);
  const save = useSetRealityInterval();
  useSectionInView();
  const [chosen, setChosen] = useState<number | null>(null);
  const current = check.data?.intervalMinutes ?? REALITY_CHECK_MINUTES.default;
  const value = chosen ?? (REALITY_INTERVALS.includes(current as never) ? current : REALITY_CHECK_MINUTES.default);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ minutes: value }, { onSuccess: () => setChosen(null) });
  };

  return (
    <SectionCard
      id="reality-check"
      title={t`Reality check`}
      description={t`While you trade Real money, a reminder shows how long you have been signed in and what you have staked, been paid and won or lost since.`}
    >
      <Typography sx={{ mb: 2 }}>
        {check.data ? (
          <Trans>
            The check comes <Minutes value={check.data.intervalMinutes} />.
          </Trans>
        ) : null}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={submit}
        sx={{ display: "flex", gap: 1, flexWrap: "wrap", alignItems: "flex-start" }}
      >
        <TextField
          select
          size="small"
          label={t`Remind me`}
          value={value}
          onChange={(event) => setChosen(Number(event.target.value))}
          sx={{ flex: "1 1 12rem", maxWidth: { sm: "16rem" } }}
        >
          {REALITY_INTERVALS.map((n) => (
            <MenuItem key={n} value={n}>
              <Minutes value={n} />
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={save.isPending}>
          {t`Save`}
        </Button>
      </Box>
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {errorMessage(save.error)}
        </Alert>
      ) : null}
    </SectionCard>
  );
}
