import { API, type Member, memberSchema } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import { useQueryClient } from "@tanstack/react-query";
import { useId, useState } from "react";
import { Link as RouterLink } from "react-router";
import { apiFetch, errorMessage } from "../../lib/api.ts";
import { meQueryKey } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";

/**
 * Asks a member to accept terms that changed since they last accepted them. Until they do, the
 * server refuses Real-money actions (TERMS_NOT_ACCEPTED); reading and Practice stay open, so the
 * dialog can be set aside ("Not now", Escape) and comes back on the next page load. The
 * me query is refreshed on success (and on a refusal: the terms may have changed again), which
 * closes it in every tab reading that query.
 */
export function TermsDialog({ member }: { member: Member }) {
  const { t } = useLingui();
  const titleId = useId();
  const textId = useId();
  const queryClient = useQueryClient();
  // Plain state rather than useMutation: with useMutation here the bundler splits TanStack's chunks
  // differently and the dashboard's first load grew 190.5 → 191.1 kB gzip, over its 191 kB budget.
  const [state, setState] = useState<{ status: "idle" | "pending" | "done" } | { status: "error"; error: unknown }>({
    status: "idle",
  });
  const pending = state.status === "pending";
  const accept = async () => {
    setState({ status: "pending" });
    try {
      await apiFetch(API.meTerms, {
        method: "POST",
        body: { version: member.terms.currentVersion },
        schema: memberSchema.shape.terms,
      });
      setState({ status: "done" });
    } catch (error) {
      setState({ status: "error", error });
    }
    // Read again either way: on success every screen sees the terms accepted; on a refusal the
    // terms may have changed again, and the dialog then asks for the newer version.
    await queryClient.invalidateQueries({ queryKey: meQueryKey });
  };
  const [notNow, setNotNow] = useState(false);
  const open = !member.terms.accepted && state.status !== "done" && !notNow;
  const later = () => setNotNow(true);

  return (
    <Dialog
      open={open}
      onClose={pending ? undefined : later}
      aria-labelledby={titleId}
      aria-describedby={textId}
      fullWidth
      maxWidth="xs"
    >
      <DialogTitle id={titleId}>{t`Our terms have changed`}</DialogTitle>
      <DialogContent>
        <DialogContentText id={textId}>
          <Trans>
            Please read the new{" "}
            <Link component={RouterLink} to={paths.terms} target="_blank" rel="noopener">
              terms and conditions
            </Link>
            . Until you accept them, you cannot trade with real money, deposit, withdraw, buy packages or move funds.
          </Trans>
        </DialogContentText>
        {state.status === "error" ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorMessage(state.error)}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={later} disabled={pending} color="inherit">
          {t`Not now`}
        </Button>
        <Button variant="contained" disabled={pending} onClick={() => void accept()} autoFocus>
          {t`I accept the new terms`}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
