import MarkEmailReadIcon from "@mui/icons-material/MarkEmailRead";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import { z } from "zod";
import { errorMessage } from "../../lib/api.ts";
import { authClient, unwrap } from "../../lib/auth-client.ts";
import { AuthHeading } from "./AuthHeading.tsx";

const emailSchema = z.email();

/** `/verify-email?email=`: tells the member to open the link we mailed, with a resend button. */
export function VerifyEmailPage() {
  const [params] = useSearchParams();
  const fromQuery = params.get("email") ?? "";
  const [email, setEmail] = useState(fromQuery);
  const [status, setStatus] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const validEmail = emailSchema.safeParse(email.trim()).success;

  const resend = async () => {
    if (!validEmail) {
      setStatus({ kind: "error", text: "Enter the email address you registered with." });
      return;
    }
    setBusy(true);
    setStatus(null);
    try {
      await unwrap(authClient.sendVerificationEmail({ email: email.trim(), callbackURL: "/" }));
      setStatus({ kind: "success", text: "We sent a new verification email. It can take a minute to arrive." });
    } catch (error) {
      setStatus({ kind: "error", text: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>
        <MarkEmailReadIcon sx={{ fontSize: 48, color: "primary.main" }} aria-hidden="true" />
      </Box>
      <AuthHeading title="Check your email">
        {fromQuery ? (
          <>
            We sent a verification link to{" "}
            <Box component="strong" sx={{ color: "text.primary", wordBreak: "break-all" }}>
              {fromQuery}
            </Box>
            .
          </>
        ) : (
          "We sent you a verification link."
        )}{" "}
        Open it to verify your address; you will be signed in and taken to your dashboard. (If the address already has a
        Helio account, the email says so instead.)
      </AuthHeading>
      <Stack spacing={2}>
        <Typography variant="body2" sx={{ color: "text.secondary" }}>
          Nothing arrived? Check your spam folder, or send the email again.
        </Typography>
        {status ? (
          <Alert severity={status.kind} role={status.kind === "error" ? "alert" : "status"}>
            {status.text}
          </Alert>
        ) : null}
        {fromQuery ? null : (
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
          />
        )}
        <Button variant="contained" onClick={() => void resend()} disabled={busy}>
          {busy ? "Sending…" : "Resend email"}
        </Button>
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          Already verified?{" "}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
