import { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { EmailField } from "../../components/EmailField.tsx";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthLink, AuthOutcome, AuthSubmit } from "./AuthLayout.tsx";

const schema = z.object({ email: z.email("Enter a valid email").check(z.trim()) });

/** `/forgot-password`: mails a reset link; the answer never tells whether the account exists. */
export function ForgotPasswordPage() {
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<{ email: string }>({ resolver: zodResolver(schema), defaultValues: { email: "" } });

  const submit = handleSubmit(async ({ email }) => {
    setFormError(null);
    const result = await authClient.requestPasswordReset({ email, redirectTo: paths.resetPassword });
    // Only a rate limit or a network failure is worth telling; anything else gets the neutral answer.
    if (result.error && (result.error.status === 429 || result.error.status === 0)) {
      setFormError(toApiError(result.error).message);
      return;
    }
    setSent(true);
  });

  if (sent) {
    return (
      <AuthOutcome
        title={t`Reset link sent`}
        severity="success"
        action={{ to: paths.login, label: t`Back to sign in` }}
      >
        <Trans>
          If an account exists for that email, we sent it a link to reset the password. The link works once and expires
          soon.
        </Trans>
      </AuthOutcome>
    );
  }

  return (
    <AuthLayout
      title={t`Forgot your password?`}
      intro={t`Enter your email and we will send you a link to choose a new one.`}
      onSubmit={submit}
      error={formError}
    >
      <EmailField autoFocus {...fieldProps(register("email"), errors.email)} />
      <AuthSubmit label={t`Send reset link`} busyLabel={t`Sending…`} busy={isSubmitting} />
      <AuthLink question={t`Remembered it?`} to={paths.login} label={t`Sign in`} />
    </AuthLayout>
  );
}
