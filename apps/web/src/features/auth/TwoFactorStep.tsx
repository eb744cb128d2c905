import { Trans, useLingui } from "@lingui/react/macro";
import Button from "@mui/material/Button";
import { useState } from "react";
import { type RegisterOptions, useForm } from "react-hook-form";
import type { ThemeMode } from "../../app/brand.ts";
import { MuiTheme } from "../../app/mui-theme.tsx";
import { TextInput } from "../../components/TextInput.tsx";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { AuthLayout, AuthSubmit } from "./AuthLayout.tsx";

const trim = (value: unknown) => String(value ?? "").trim();
const totpRules = {
  setValueAs: trim,
  validate: (value: string) => /^\d{6}$/.test(value) || "Enter the 6-digit code",
} satisfies RegisterOptions<{ code: string }, "code">;
const backupRules = {
  setValueAs: trim,
  validate: (value: string) => value.length >= 4 || "Enter one of your backup codes",
} satisfies RegisterOptions<{ code: string }, "code">;

/** The sign-in's second step when two-factor authentication is on: a code from the app, or a backup code. */
export function TwoFactorStep({ onDone, onCancel }: { onDone: () => Promise<void>; onCancel: () => void }) {
  const { t } = useLingui();
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
      title={t`Two-factor authentication`}
      intro={
        useBackup
          ? t`Enter one of the backup codes you saved when you turned on two-factor authentication.`
          : t`Enter the 6-digit code from your authenticator app.`
      }
      onSubmit={submit}
      error={formError}
    >
      {/* Keyed by kind, so that switching clears the field and focuses it again. */}
      <TextInput
        key={useBackup ? "backup" : "totp"}
        label={useBackup ? t`Backup code` : t`6-digit code`}
        autoComplete="one-time-code"
        autoFocus
        {...fieldProps(register("code", useBackup ? backupRules : totpRules), errors.code)}
        slotProps={{
          htmlInput: useBackup
            ? { spellCheck: false, autoCapitalize: "none" }
            : { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 },
        }}
      />
      <AuthSubmit label={t`Verify`} busyLabel={t`Checking…`} busy={isSubmitting} />
      <Button onClick={switchMode} disabled={isSubmitting}>
        {useBackup ? t`Use the code from my app` : t`Use a backup code`}
      </Button>
      <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
        <Trans>Back to sign in</Trans>
      </Button>
    </AuthLayout>
  );
}

/** The step inside the sign-in page, which has no MUI of its own (decision 0013): it brings the theme. */
export function TwoFactorStepInTheme({ mode, ...props }: Parameters<typeof TwoFactorStep>[0] & { mode: ThemeMode }) {
  return (
    <MuiTheme mode={mode}>
      <TwoFactorStep {...props} />
    </MuiTheme>
  );
}
