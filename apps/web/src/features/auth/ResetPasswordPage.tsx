import { passwordSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { useSearchParams } from "react-router";
import { PasswordField } from "../../components/PasswordField.tsx";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthOutcome, AuthSubmit } from "./AuthLayout.tsx";

const schema = z.object({ newPassword: passwordSchema, confirm: z.string() }).check(
  z.refine((value) => value.newPassword === value.confirm, {
    path: ["confirm"],
    message: "The passwords do not match",
  }),
);
type Values = z.infer<typeof schema>;

/** `/reset-password?token=` (or `?error=INVALID_TOKEN`): choose a new password. */
export function ResetPasswordPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [done, setDone] = useState(false);
  const [invalid, setInvalid] = useState(Boolean(params.get("error")) || !token);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues: { newPassword: "", confirm: "" } });

  const submit = handleSubmit(async ({ newPassword }) => {
    if (!token) return;
    setFormError(null);
    const result = await authClient.resetPassword({ newPassword, token });
    if (result.error) {
      const error = toApiError(result.error);
      if (error.code === "INVALID_TOKEN") setInvalid(true);
      else setFormError(error.message);
      return;
    }
    setDone(true);
  });

  if (invalid) {
    return (
      <AuthOutcome
        title={t`Reset your password`}
        severity="error"
        action={{ to: paths.forgotPassword, label: t`Send a new link` }}
      >
        <Trans>This reset link is invalid or has expired. Ask for a new one.</Trans>
      </AuthOutcome>
    );
  }

  if (done) {
    return (
      <AuthOutcome title={t`Password changed`} severity="success" action={{ to: paths.login, label: t`Go to sign in` }}>
        <Trans>Your password has been changed. You can now sign in with the new one.</Trans>
      </AuthOutcome>
    );
  }

  return (
    <AuthLayout
      title={t`Reset your password`}
      intro={t`Choose a new password of at least 10 characters.`}
      onSubmit={submit}
      error={formError}
    >
      <PasswordField
        label={t`New password`}
        autoComplete="new-password"
        autoFocus
        {...fieldProps(register("newPassword"), errors.newPassword)}
      />
      <PasswordField
        label={t`Confirm new password`}
        autoComplete="new-password"
        {...fieldProps(register("confirm"), errors.confirm)}
      />
      <AuthSubmit label={t`Set new password`} busyLabel={t`Saving…`} busy={isSubmitting} />
    </AuthLayout>
  );
}
