import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { type RegisterOptions, useForm } from "react-hook-form";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PasswordField } from "../../components/PasswordField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { blockReasonFromCode } from "../../lib/api.ts";
import { authClient, authErrorInfo, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { meQueryKey } from "../../lib/me-query-key.ts";
import { paths } from "../../lib/paths.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { AuthLayout, AuthLink, AuthSubmit } from "./AuthLayout.tsx";

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
    return identifier.includes("@") ? paths.verifyEmailFor(identifier) : paths.verifyEmail;
  }
  const reason = blockReasonFromCode(code);
  if (reason) return paths.accountBlockedFor(reason);
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
    <AuthLayout
      title="Two-factor authentication"
      intro={
        useBackup
          ? "Enter one of the backup codes you saved when you turned on two-factor authentication."
          : "Enter the 6-digit code from your authenticator app."
      }
      onSubmit={submit}
      error={formError}
    >
      {/* Keyed by kind, so that switching clears the field and focuses it again. */}
      <TextInput
        key={useBackup ? "backup" : "totp"}
        label={useBackup ? "Backup code" : "6-digit code"}
        autoComplete="one-time-code"
        autoFocus
        {...fieldProps(register("code", useBackup ? backupRules : totpRules), errors.code)}
        slotProps={{
          htmlInput: useBackup
            ? { spellCheck: false, autoCapitalize: "none" }
            : { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 },
        }}
      />
      <AuthSubmit label="Verify" busyLabel="Checking…" busy={isSubmitting} />
      <Button onClick={switchMode} disabled={isSubmitting}>
        {useBackup ? "Use the code from my app" : "Use a backup code"}
      </Button>
      <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
        Back to sign in
      </Button>
    </AuthLayout>
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
    <AuthLayout
      title="Sign in"
      intro="Welcome back to Helio."
      onSubmit={submit}
      notice={
        params.get("reset") === "1" ? (
          <Alert severity="success">Your password was changed. Sign in with the new one.</Alert>
        ) : null
      }
      error={formError}
    >
      <TextInput
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
        <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
          Forgot password?
        </Link>
      </Box>
      <AuthSubmit label="Sign in" busyLabel="Signing in…" busy={isSubmitting} />
      <AuthLink question="New to Helio?" to={paths.register} label="Create an account" />
    </AuthLayout>
  );
}
