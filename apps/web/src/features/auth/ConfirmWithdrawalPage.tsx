import { confirmWithdrawalSchema, type Withdrawal } from "@helio/shared";
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
  const { id = "", token = "" } = useParams();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Withdrawal | null>(null);
  const [error, setError] = useState<string | null>(null);
  const valid = confirmWithdrawalSchema.safeParse({ id, token }).success;

  if (!valid) {
    return (
      <AuthOutcome
        title="This link does not work"
        severity="error"
        action={{ to: paths.login, label: "Go to sign in" }}
      >
        Open the link from the e-mail exactly as it is, or request the withdrawal again.
      </AuthOutcome>
    );
  }
  if (done) {
    return (
      <AuthOutcome
        title="Withdrawal confirmed"
        severity="success"
        action={{ to: paths.invoiceWdOne(done.id), label: "See the withdrawal" }}
      >
        Thank you. Your withdrawal of <Money cents={done.amountCents} /> is now waiting for review.
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
    <AuthLayout title="Confirm your withdrawal" intro="Confirm only a withdrawal you asked for yourself." error={error}>
      <Button variant="contained" onClick={() => void confirm()} disabled={busy}>
        {busy ? "Confirming…" : "Confirm withdrawal"}
      </Button>
      <Button href={paths.login} color="inherit">
        I did not ask for this
      </Button>
    </AuthLayout>
  );
}
