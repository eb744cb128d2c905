import type { ClosureBlocker, MemberAccount } from "@helio/shared";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { useNavigate } from "react-router";
import { Money } from "../../components/Money.tsx";
import { PasswordField } from "../../components/PasswordField.tsx";
import { SectionCard } from "../../components/SectionCard.tsx";
import { errorMessage, isApiError } from "../../lib/api.ts";
import { accountLabel } from "../../lib/ledger.ts";
import { useMember } from "../../lib/member.tsx";
import { paths } from "../../lib/paths.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { closureCheckQuery, useCloseAccount } from "./closure-api.ts";

/** One thing that keeps the account open, in the member's words. */
function BlockerLine({ blocker }: { blocker: ClosureBlocker }) {
  if (blocker.reason === "balance") {
    const account = accountLabel(blocker.account as MemberAccount);
    return (
      <Trans>
        {account}: <Money microcents={blocker.amountMicrocents ?? 0n} /> left. Withdraw it or move it to the wallet
        first.
      </Trans>
    );
  }
  const count = blocker.count ?? 1;
  if (blocker.reason === "deposit")
    return <Plural value={count} one="# deposit is still open." other="# deposits are still open." />;
  return blocker.reason === "withdrawal" ? (
    <Plural value={count} one="# withdrawal is on its way." other="# withdrawals are on their way." />
  ) : (
    <Plural value={count} one="# contract is open." other="# contracts are open." />
  );
}

/** The dialog that closes the account: the password, the authenticator code with two-factor on. */
function CloseAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useLingui();
  const member = useMember();
  const close = useCloseAccount();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [password, setPassword] = useState("");
  const [code, setCode] = useState("");
  const fieldError = (field: string) =>
    isApiError(close.error) ? close.error.fields.find((f) => f.field === field) : undefined;
  const wrongPassword = Boolean(fieldError("password"));
  const wrongCode = Boolean(fieldError("totpCode"));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    close.mutate(
      { password, ...(member.twoFactorEnabled ? { totpCode: code.trim() } : {}) },
      {
        onSuccess: () => {
          queryClient.clear();
          void navigate(paths.login, { replace: true });
        },
      },
    );
  };

  // Closed: every session ended with it, so the page goes to sign-in with nothing of the account kept.
  if (close.isSuccess) return null;

  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="close-account-title" fullWidth maxWidth="xs">
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id="close-account-title">{t`Close your account?`}</DialogTitle>
        <DialogContent sx={{ display: "grid", gap: 2 }}>
          <Typography>
            {t`You will be signed out everywhere and cannot sign in again. This cannot be undone.`}
          </Typography>
          <PasswordField
            label={t`Your password`}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={wrongPassword}
            helperText={wrongPassword ? t`The password is not correct.` : undefined}
            required
          />
          {member.twoFactorEnabled ? (
            <TextField
              label={t`Authenticator code`}
              value={code}
              onChange={(event) => setCode(event.target.value)}
              error={wrongCode}
              helperText={
                wrongCode ? t`The code is wrong or expired.` : t`The 6-digit code from your authenticator app`
              }
              required
              slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "one-time-code", maxLength: 6 } }}
            />
          ) : null}
          {close.isError && !wrongPassword && !wrongCode ? (
            <Alert severity="error">{errorMessage(close.error)}</Alert>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t`Cancel`}</Button>
          <Button
            type="submit"
            variant="contained"
            color="error"
            disabled={close.isPending || !password || (member.twoFactorEnabled && code.trim().length !== 6)}
          >
            {t`Close my account`}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** `/security`: closing one's own account, once no money, withdrawal or open contract remains. */
export function CloseAccountSection() {
  const { t } = useLingui();
  const readOnly = useReadOnlyReason();
  const check = useQuery(closureCheckQuery);
  const [open, setOpen] = useState(false);
  const blockers = check.data?.blockers ?? [];
  return (
    <SectionCard
      id="close-account"
      title={t`Close your account`}
      description={t`Closing signs you out everywhere and for good. Your records are kept as the law requires.`}
    >
      {blockers.length ? (
        <Alert severity="info" sx={{ mb: 2 }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {t`Your account cannot be closed yet:`}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2.5 }} data-testid="closure-blockers">
            {blockers.map((blocker) => (
              <li key={`${blocker.reason}:${blocker.account ?? ""}`}>
                <BlockerLine blocker={blocker} />
              </li>
            ))}
          </Box>
        </Alert>
      ) : null}
      <Box sx={{ display: "flex", gap: 2, flexWrap: "wrap" }}>
        <Button
          variant="outlined"
          color="error"
          onClick={() => setOpen(true)}
          disabled={Boolean(readOnly) || check.isPending || blockers.length > 0}
        >
          {t`Close my account`}
        </Button>
        <ReadOnlyNote reason={readOnly} />
      </Box>
      {open ? <CloseAccountDialog open={open} onClose={() => setOpen(false)} /> : null}
    </SectionCard>
  );
}
