import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import { useQueryClient } from "@tanstack/react-query";
import { lazy, Suspense, useState } from "react";
import { Link as RouterLink, useNavigate, useSearchParams } from "react-router";
import { PasswordField } from "../../components/PasswordField.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { blockReasonFromCode } from "../../lib/api.ts";
import { authErrorInfo, toApiError } from "../../lib/auth-errors.ts";
import { signInWithPassword } from "../../lib/auth-requests.ts";
import { meQueryKey } from "../../lib/me-query-key.ts";
import { paths } from "../../lib/paths.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { AuthLayout, AuthLink, AuthSubmit } from "./AuthLayout.tsx";
import { useCredentialsForm } from "./credentials-form.ts";

// The rare second step loads on demand, with better-auth's client and react-hook-form: this page is
// the first load of most visits (docs/performance.md, "First load").
const TwoFactorStep = lazy(() => import("./TwoFactorStep.tsx").then((m) => ({ default: m.TwoFactorStep })));

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

/** `/login`: email or username + password, then a TOTP step when two-factor is on. */
export function LoginPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirect"));
  const [step, setStep] = useState<"credentials" | "totp">("credentials");
  const [formError, setFormError] = useState<string | null>(null);

  const finish = async () => {
    queryClient.removeQueries({ queryKey: meQueryKey });
    await navigate(redirectTo, { replace: true });
  };

  const form = useCredentialsForm(async ({ identifier, password }) => {
    setFormError(null);
    const result = await signInWithPassword(identifier, password);
    if (result.error) {
      const target = signInErrorTarget(result.error, identifier);
      if (target) {
        await navigate(target);
        return;
      }
      setFormError(toApiError(result.error).message);
      return;
    }
    if (result.data?.twoFactorRedirect) {
      setStep("totp");
      return;
    }
    await finish();
  });

  if (step === "totp")
    return (
      <Suspense fallback={null}>
        <TwoFactorStep onDone={finish} onCancel={() => setStep("credentials")} />
      </Suspense>
    );

  return (
    <AuthLayout
      title="Sign in"
      intro="Welcome back to Helio."
      onSubmit={form.submit}
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
        {...form.field("identifier")}
        slotProps={{ htmlInput: { autoCapitalize: "none", spellCheck: false } }}
      />
      <PasswordField label="Password" autoComplete="current-password" {...form.field("password")} />
      <Box sx={{ textAlign: "right", mt: "4px !important" }}>
        <Link component={RouterLink} to={paths.forgotPassword} variant="body2">
          Forgot password?
        </Link>
      </Box>
      <AuthSubmit label="Sign in" busyLabel="Signing in…" busy={form.submitting} />
      <AuthLink question="New to Helio?" to={paths.register} label="Create an account" />
    </AuthLayout>
  );
}
