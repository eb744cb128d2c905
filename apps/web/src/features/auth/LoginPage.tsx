import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type RegisterOptions, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PasswordField } from "../../components/PasswordField.tsx";
import { blockReasonFromCode } from "../../lib/api.ts";
import { authClient, authErrorInfo, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { meQueryKey } from "../../lib/me-query-key.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { AuthHeading } from "./AuthHeading.tsx";

// Plain react-hook-form rules rather than zod: this page is the first load of most visits and zod
// would add ~26 kB gzip to it (docs/performance.md, "First load").
interface Credentials {
  identifier: string;
  password: string;
}
const identifierRules = {
  validate: (value: string) => value.trim().length > 0 || "Enter your email or username",
} satisfies RegisterOptions<Credentials, "identifier">;
const passwordRules = {
  validate: (value: string) => value.length > 0 || "Enter your password",
} satisfies RegisterOptions<Credentials, "password">;

const trim = (value: unknown) => String(value ?? "").trim();
const totpRules = {
  setValueAs: trim,
  validate: (value: string) => /^\d{6}$/.test(value) || "Enter the 6-digit code",
} satisfies RegisterOptions<{ code: string }, "code">;
const backupRules = {
  setValueAs: trim,
  validate: (value: string) => value.length >= 4 || "Enter one of your backup codes",
} satisfies RegisterOptions<{ code: string }, "code">;

/** Where a failed sign-in sends the member instead of showing an error, if anywhere. */
export function signInErrorTarget(error: Parameters<typeof authErrorInfo>[0], identifier: string): string | null {
  const { code } = authErrorInfo(error);
  if (code === "EMAIL_NOT_VERIFIED") {
    return identifier.includes("@") ? `/verify-email?email=${encodeURIComponent(identifier)}` : "/verify-email";
  }
  const reason = blockReasonFromCode(code);
  if (reason) return `/account-blocked?reason=${reason}`;
  return null;
}

function TwoFactorStep({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const [useBackup, setUseBackup] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<{ code: string }>({ defaultValues: { code: "" } });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = form;

  const submit = handleSubmit(async ({ code }) => {
    setFormError(null);
    const result = useBackup
      ? await authClient.twoFactor.verifyBackupCode({ code })
      : await authClient.twoFactor.verifyTotp({ code });
    if (result.error) {
      setFormError(toApiError(result.error).message);
      return;
    }
    await onDone();
  });

  const switchMode = () => {
    setUseBackup((value) => !value);
    setFormError(null);
    reset({ code: "" });
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title="Two-factor authentication">
        {useBackup
          ? "Enter one of the backup codes you saved when you turned on two-factor authentication."
          : "Enter the 6-digit code from your authenticator app."}
      </AuthHeading>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        {useBackup ? (
          <TextField
            key="backup"
            label="Backup code"
            autoComplete="one-time-code"
            autoFocus
            {...fieldProps(register("code", backupRules), errors.code)}
            slotProps={{ htmlInput: { spellCheck: false, autoCapitalize: "none" } }}
          />
        ) : (
          <TextField
            key="totp"
            label="6-digit code"
            autoComplete="one-time-code"
            autoFocus
            {...fieldProps(register("code", totpRules), errors.code)}
            slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 } }}
          />
        )}
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Checking…" : "Verify"}
        </Button>
        <Button onClick={switchMode} disabled={isSubmitting}>
          {useBackup ? "Use the code from my app" : "Use a backup code"}
        </Button>
        <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
          Back to sign in
        </Button>
      </Stack>
    </Box>
  );
}

/** `/login`: email or username + password, then a TOTP step when two-factor is on. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirect"));
  const [step, setStep] = useState<"credentials" | "totp">("credentials");
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Credentials>({ defaultValues: { identifier: "", password: "" } });

  const finish = async () => {
    queryClient.removeQueries({ queryKey: meQueryKey });
    await navigate(redirectTo, { replace: true });
  };

  const submit = handleSubmit(async ({ identifier, password }) => {
    setFormError(null);
    const id = identifier.trim();
    const result = id.includes("@")
      ? await authClient.signIn.email({ email: id, password })
      : await authClient.signIn.username({ username: id, password });
    if (result.error) {
      const target = signInErrorTarget(result.error, id);
      if (target) {
        await navigate(target);
        return;
      }
      setFormError(toApiError(result.error).message);
      return;
    }
    const data = result.data as { twoFactorRedirect?: boolean } | null;
    if (data?.twoFactorRedirect) {
      setStep("totp");
      return;
    }
    await finish();
  });

  if (step === "totp") return <TwoFactorStep onDone={finish} onCancel={() => setStep("credentials")} />;

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title="Sign in">Welcome back to Helio.</AuthHeading>
      <Stack spacing={2}>
        {params.get("reset") === "1" ? (
          <Alert severity="success">Your password was changed. Sign in with the new one.</Alert>
        ) : null}
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <TextField
          label="Email or username"
          autoComplete="username"
          autoFocus
          {...fieldProps(register("identifier", identifierRules), errors.identifier)}
          slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          {...fieldProps(register("password", passwordRules), errors.password)}
        />
        <Box sx={{ textAlign: "right", mt: "4px !important" }}>
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            Forgot password?
          </Link>
        </Box>
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Signing in…" : "Sign in"}
        </Button>
        <Typography variant="body2" sx={{ textAlign: "center" }}>
          New to Helio?{" "}
          <Link component={RouterLink} to="/register">
            Create an account
          </Link>
        </Typography>
      </Stack>
    </Box>
  );
}
