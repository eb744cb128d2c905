import type { RealityCheck } from "@helio/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useId } from "react";
import { Link as RouterLink } from "react-router";
import { Money } from "../../components/Money.tsx";
import { errorMessage } from "../../lib/api.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { realityCheckQuery, useAcknowledgeReality, useRealityLive } from "./reality-api.ts";

/** "1 hour 5 minutes", "12 minutes": the time since sign-in, whole minutes. */
export function Elapsed({ minutes }: { minutes: number }) {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return <Plural value={rest} one="# minute" other="# minutes" />;
  return (
    <Trans>
      <Plural value={hours} one="# hour" other="# hours" /> <Plural value={rest} one="# minute" other="# minutes" />
    </Trans>
  );
}

function Figure({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box sx={{ display: "flex", justifyContent: "space-between", gap: 2, py: 0.5 }}>
      <Box component="dt" sx={{ color: "text.secondary" }}>
        {label}
      </Box>
      <Box component="dd" sx={{ m: 0, fontWeight: 600, textAlign: "end" }}>
        {children}
      </Box>
    </Box>
  );
}

/** The figures of the session as the dialog lists them. */
export function RealityFigures({ check, now }: { check: RealityCheck; now: number }) {
  const { t } = useLingui();
  const minutes = Math.max(0, Math.floor((now - new Date(check.sessionStartedAt).getTime()) / 60_000));
  const { figures } = check;
  return (
    <Box component="dl" sx={{ m: 0 }}>
      <Figure label={t`Time since sign-in`}>
        <Elapsed minutes={minutes} />
      </Figure>
      <Figure label={t`Contracts`}>{figures.contracts}</Figure>
      <Figure label={t`Total stakes`}>
        <Money microcents={figures.stakedMicrocents} />
      </Figure>
      <Figure label={t`Total payouts`}>
        <Money microcents={figures.payoutMicrocents} />
      </Figure>
      <Figure label={t`Net result`}>
        <Money microcents={figures.netMicrocents} signed />
      </Figure>
    </Box>
  );
}

/**
 * The reality check: while the member trades Real money, every interval they chose, the time since
 * sign-in and what the session's Real contracts staked, paid and came to. The server says when it is
 * due; every tab shows it, and acknowledging it in one closes it in all (the `reality.check`
 * message).
 */
export function RealityCheckDialog() {
  const { t } = useLingui();
  const member = useMember();
  const titleId = useId();
  const textId = useId();
  useRealityLive();
  const check = useQuery({ ...realityCheckQuery, enabled: member.role === "member" });
  const acknowledge = useAcknowledgeReality();
  const data = check.data;
  if (!data?.due) return null;
  const ack = () => acknowledge.mutate();
  const open = data.figures.open;
  return (
    <Dialog open aria-labelledby={titleId} aria-describedby={textId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{t`Reality check`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId} sx={{ mb: 2 }}>
          {t`Here is how your Real money trading has gone since you signed in.`}
        </DialogContentText>
        <RealityFigures check={data} now={Date.now()} />
        {open > 0 ? (
          <DialogContentText variant="body2" sx={{ mt: 1 }}>
            <Plural
              value={open}
              one="# contract is still open: its stake counts until it settles."
              other="# contracts are still open: their stakes count until they settle."
            />
          </DialogContentText>
        ) : null}
        {acknowledge.isError ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(acknowledge.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions sx={{ flexWrap: "wrap", gap: 1 }}>
        <Button component={RouterLink} to={paths.statement} onClick={ack} color="inherit">
          {t`View statement`}
        </Button>
        <Button component={RouterLink} to={`${paths.limits}#take-a-break`} onClick={ack} color="warning">
          {t`Take a break`}
        </Button>
        <Button onClick={ack} variant="contained" disabled={acknowledge.isPending}>
          {t`Continue`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
