import { freezeAccountSchema } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import AcUnitIcon from "@mui/icons-material/AcUnit";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useParams } from "react-router";
import { errorMessage } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthOutcome } from "./AuthLayout.tsx";
import { freezeAccount } from "./api.ts";

/**
 * `/freeze-account/:token`: the "it was not me" link of a security mail. Freezing signs every
 * session out and stops money leaving the account until support lifts it; no sign-in is needed.
 */
export function FreezeAccountPage() {
  const { t } = useLingui();
  const { token = "" } = useParams();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);

  if (!freezeAccountSchema.safeParse({ token }).success) {
    return (
      <AuthOutcome
        title={t`This link does not work`}
        severity="error"
        action={{ to: paths.login, label: t`Go to sign in` }}
      >
        <Trans>Open the link from the e-mail exactly as it is.</Trans>
      </AuthOutcome>
    );
  }
  if (done) {
    return (
      <AuthOutcome
        title={t`Your account is frozen`}
        severity="success"
        action={{ to: paths.forgotPassword, label: t`Choose a new password` }}
      >
        <Trans>
          Every session is signed out and no money can leave your account. Choose a new password, then write to support
          in the chat: they will check your account with you and lift the freeze.
        </Trans>
      </AuthOutcome>
    );
  }

  const freeze = async () => {
    setBusy(true);
    setError(null);
    try {
      await freezeAccount(token);
      setDone(true);
    } catch (cause) {
      setError(errorMessage(cause));
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Freeze your account?`}
      icon={<AcUnitIcon sx={{ fontSize: 48, color: "info.main" }} aria-hidden="true" />}
      error={error}
    >
      <Typography sx={{ textAlign: "center", color: "text.secondary" }}>
        <Trans>
          If you did not make this change, freeze your account now. Everyone signed in is signed out, and no money can
          leave it until support has spoken with you.
        </Trans>
      </Typography>
      <Button
        variant="contained"
        color="error"
        // error.dark keeps white text above 4.5:1 in both themes.
        sx={{ bgcolor: "error.dark", "&:hover": { bgcolor: "error.dark", filter: "brightness(0.9)" } }}
        onClick={() => void freeze()}
        disabled={busy}
      >
        {busy ? t`Freezing…` : t`Freeze my account`}
      </Button>
    </AuthLayout>
  );
}
