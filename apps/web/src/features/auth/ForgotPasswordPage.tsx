import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink } from "react-router";
import { z } from "zod";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { AuthHeading } from "./AuthHeading.tsx";

const schema = z.object({ email: z.email("Enter a valid email").trim() });

/** `/forgot-password`: mails a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: "" } });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await authClient.requestPasswordReset({ email, redirectTo: "/reset-password" });
    // Only a rate limit or a network failure is worth telling; anything else gets the neutral answer.
    if (result.error && (result.error.status === 429 || result.error.status === 0)) {
      setFormError(toApiError(result.error).message);
      return;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <Box>
        <AuthHeading title="Reset link sent" />
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            If an account exists for that email, we sent it a link to reset the password. The link works once and
            expires soon.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Back to sign in
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title="Forgot your password?">
        Enter your email and we will send you a link to choose a new one.
      </AuthHeading>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          autoFocus
          {...fieldProps(register("email"), errors.email)}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Sending…" : "Send reset link"}
        </Button>
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          Remembered it?{" "}
          <Link component={RouterLink} to="/login">
            Sign in
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
