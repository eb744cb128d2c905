import { confirmWithdrawalSchema, type Withdrawal } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import Button from "@mui/material/Button";
import { useState } from "react";
import { useParams } from "react-router";
import { Money } from "../../components/Money.tsx";
import { errorMessage } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthOutcome } from "./AuthLayout.tsx";
import { confirmWithdrawal } from "./api.ts";

/**
 * `/confirm-withdrawal/:id/:token`: the link of a withdrawal's mail. The member presses the button
 * (a mail scanner opening the link confirms nothing); no sign-in is needed, the link is the proof.
 */
export function ConfirmWithdrawalPage() {
  const { t } = useLingui();
  const { id = "", token = "" } = useParams();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = confirmWithdrawalSchema.safeParse({ id, token }).success;

  if (!valid) {
    return (
      <AuthOutcome
        title={t`This link does not work`}
        severity="error"
        action={{ to: paths.login, label: t`Go to sign in` }}
      >
        <Trans>Open the link from the e-mail exactly as it is, or request the withdrawal again.</Trans>
      </AuthOutcome>
    );
  }
  if (done) {
    return (
      <AuthOutcome
        title={t`Withdrawal confirmed`}
        severity="success"
        action={{ to: paths.invoiceWdOne(done.id), label: t`See the withdrawal` }}
      >
        <Trans>
          Thank you. Your withdrawal of <Money microcents={done.amountMicrocents} /> is now waiting for review.
        </Trans>
      </AuthOutcome>
    );
  }

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      setDone(await confirmWithdrawal(id, token));
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Confirm your withdrawal`}
      intro={t`Confirm only a withdrawal you asked for yourself.`}
      error={error}
    >
      <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
        {busy ? t`Confirming…` : t`Confirm withdrawal`}
      </Button>
      <Button href={paths.login} color="inherit">
        <Trans>I did not ask for this</Trans>
      </Button>
    </AuthLayout>
  );
}
