import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useState } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { blockReasonFromCode } from "../../lib/api.ts";
import { authErrorInfo, toApiError } from "../../lib/auth-errors.ts";
import { signInWithPassword } from "../../lib/auth-requests.ts";
import { meQueryKey } from "../../lib/me-query-key.ts";
import { paths } from "../../lib/paths.ts";
import { safeRedirect } from "../../lib/redirect.ts";
import { useStoredMode } from "../../lib/theme-mode.ts";
import { useCredentialsForm } from "./credentials-form.ts";
import { PlainAlert, PlainPasswordField, PlainTextField } from "./plain-parts.tsx";
import { SignInFrame } from "./SignInFrame.tsx";
import styles from "./sign-in.module.css";

// The rare second step loads on demand, with MUI, better-auth's client and react-hook-form: this
// page is the first load of most visits, drawn without them (decision 0013).
const TwoFactorStep = lazy(() => import("./TwoFactorStep.tsx").then((m) => ({ default: m.TwoFactorStepInTheme })));

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
  const { t } = useLingui();
  const navigate = useNavigate();
  const { mode, toggleMode } = useStoredMode();
  const [params] = useSearchParams();
  const redirectTo = safeRedirect(params.get("redirect"));
  const [step, setStep] = useState<"credentials" | "totp">("credentials");
  const [formError, setFormError] = useState<string | null>(null);

  const finish = async () => {
    // The app's data cache outlives this page (app/query-client.ts): forget who was signed in before.
    const { appQueryClient } = await import("../../app/query-client.ts");
    appQueryClient().removeQueries({ queryKey: meQueryKey });
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

  return (
    <SignInFrame mode={mode} onToggleMode={toggleMode}>
      {step === "totp" ? (
        <Suspense fallback={<div className="plain-loader" role="status" aria-label={t`Loading`} />}>
          <TwoFactorStep mode={mode} onDone={finish} onCancel={() => setStep("credentials")} />
        </Suspense>
      ) : (
        <form noValidate onSubmit={form.submit}>
          <h1 className={styles.title}>
            <Trans>Sign in</Trans>
          </h1>
          <p className={styles.intro}>
            <Trans>Welcome back to Helio.</Trans>
          </p>
          <div className={styles.stack}>
            {params.get("reset") === "1" ? (
              <PlainAlert severity="success">
                <Trans>Your password was changed. Sign in with the new one.</Trans>
              </PlainAlert>
            ) : null}
            {formError ? <PlainAlert severity="error">{formError}</PlainAlert> : null}
            <PlainTextField
              label={t`Email or username`}
              autoComplete="username"
              autoFocus
              autoCapitalize="none"
              spellCheck={false}
              {...form.field("identifier")}
            />
            <PlainPasswordField label={t`Password`} autoComplete="current-password" {...form.field("password")} />
            <div className={styles.forgot}>
              <Link className={styles.link} to={paths.forgotPassword}>
                <Trans>Forgot password?</Trans>
              </Link>
            </div>
            <button type="submit" className="plain-button" disabled={form.submitting}>
              {form.submitting ? t`Signing in…` : t`Sign in`}
            </button>
            <p className={styles.question}>
              <Trans>
                New to Helio?{" "}
                <Link className={styles.link} to={paths.register}>
                  Create an account
                </Link>
              </Trans>
            </p>
          </div>
        </form>
      )}
    </SignInFrame>
  );
}
