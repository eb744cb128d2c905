import { passwordSchema } from "@helio/shared";
import { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormStack } from "../../components/FormLayout.tsx";
import { PageHeader } from "../../components/PageHeader.tsx";
import { PasswordField } from "../../components/PasswordField.tsx";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";

const schema = z
  .object({
    currentPassword: z.string().check(z.minLength(1, "Enter your current password")),
    newPassword: passwordSchema,
    confirm: z.string(),
  })
  .check(
    z.refine((value) => value.newPassword === value.confirm, {
      path: ["confirm"],
      message: "The passwords do not match",
    }),
    z.refine((value) => value.newPassword !== value.currentPassword, {
      path: ["newPassword"],
      message: "Choose a password different from the current one",
    }),
  );
type Values = z.infer<typeof schema>;

/** `/change-password` (menu label Password): signs out the other sessions. */
export function ChangePasswordPage() {
  const { t } = useLingui();
  const readOnly = useReadOnlyReason();
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<Values>({
    resolver: zodResolver(schema),
    defaultValues: { currentPassword: "", newPassword: "", confirm: "" },
  });

  const submit = handleSubmit(async ({ currentPassword, newPassword }) => {
    setFormError(null);
    setDone(false);
    const result = await authClient.changePassword({ currentPassword, newPassword, revokeOtherSessions: true });
    if (result.error) {
      const error = toApiError(result.error);
      if (error.code === "INVALID_PASSWORD") {
        setError(
          "currentPassword",
          { type: "server", message: t`The current password is not correct` },
          { shouldFocus: true },
        );
      } else {
        setFormError(error.message);
      }
      return;
    }
    reset();
    setDone(true);
  });

  return (
    <Box>
      <PageHeader title={t`Change password`} />
      <Card sx={{ maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
          <FormStack
            onSubmit={submit}
            error={formError}
            heading={
              done ? (
                <Alert severity="success" role="status">
                  <Trans>
                    Your password was changed. Your other sessions were signed out; this one stays signed in.
                  </Trans>
                </Alert>
              ) : null
            }
          >
            <PasswordField
              label={t`Current password`}
              autoComplete="current-password"
              {...fieldProps(register("currentPassword"), errors.currentPassword)}
            />
            <PasswordField
              label={t`New password`}
              autoComplete="new-password"
              {...fieldProps(register("newPassword"), errors.newPassword, t`At least 10 characters`)}
            />
            <PasswordField
              label={t`Confirm new password`}
              autoComplete="new-password"
              {...fieldProps(register("confirm"), errors.confirm)}
            />
            <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
              <Button type="submit" variant="contained" disabled={isSubmitting || Boolean(readOnly)}>
                {isSubmitting ? t`Changing…` : t`Change password`}
              </Button>
              <ReadOnlyNote reason={readOnly} />
            </Box>
          </FormStack>
        </CardContent>
      </Card>
    </Box>
  );
}
