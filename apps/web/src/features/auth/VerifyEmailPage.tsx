import { z } from "@helio/shared/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { EmailField } from "../../components/EmailField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { authClient, unwrap } from "../../lib/auth-client.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthLink } from "./AuthLayout.tsx";

const emailSchema = z.email();

/** `/verify-email?email=`: tells the member to open the link we mailed, with a resend button. */
export function VerifyEmailPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const fromQuery = params.get("email") ?? "";
  const [email, setEmail] = useState(fromQuery);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const validEmail = emailSchema.safeParse(email.trim()).success;

  const resend = async () => {
    if (!validEmail) {
      setStatus({ kind: "error", text: t`Enter the email address you registered with.` });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await unwrap(authClient.sendVerificationEmail({ email: email.trim(), callbackURL: paths.dashboard }));
      setStatus({ kind: "success", text: t`We sent a new verification email. It can take a minute to arrive.` });
    } catch (error) {
      setStatus({ kind: "error", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthLayout
      title={t`Check your email`}
      icon={<MarkEmailReadIcon sx={{ fontSize: 48, color: "primary.main" }} aria-hidden="true" />}
      intro={
        <>
          {fromQuery ? (
            <Trans>
              We sent a verification link to{" "}
              <Box component="strong" sx={{ color: "text.primary", wordBreak: "break-all" }}>
                {fromQuery}
              </Box>
              .
            </Trans>
          ) : (
            t`We sent you a verification link.`
          )}{" "}
          <Trans>
            Open it to verify your address; you will be signed in and taken to your dashboard. (If the address already
            has a Helio account, the email says so instead.)
          </Trans>
        </>
      }
    >
      <Typography variant="body2" sx={{ color: "text.secondary" }}>
        <Trans>Nothing arrived? Check your spam folder, or send the email again.</Trans>
      </Typography>
      {status ? (
        <Alert severity={status.kind} role={status.kind === "error" ? "alert" : "status"}>
          {status.text}
        </Alert>
      ) : null}
      {fromQuery ? null : <EmailField value={email} onChange={(event) => setEmail(event.target.value)} />}
      <Button variant="contained" onClick={() => void resend()} disabled={busy}>
        {busy ? t`Sending…` : t`Resend email`}
      </Button>
      <AuthLink question={t`Already verified?`} to={paths.login} label={t`Sign in`} />
    </AuthLayout>
  );
}
