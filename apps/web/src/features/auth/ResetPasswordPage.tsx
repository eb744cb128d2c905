import { passwordSchema } from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { z } from "zod";
import { PasswordField } from "../../components/PasswordField.tsx";
import { authClient, toApiError } from "../../lib/auth-client.ts";
import { fieldProps } from "../../lib/form.ts";
import { AuthHeading } from "./AuthHeading.tsx";

const schema = z
  .object({ newPassword: passwordSchema, confirm: z.string() })
  .refine((value) => value.newPassword === value.confirm, { path: ["confirm"], message: "The passwords do not match" });
type Values = z.infer<typeof schema>;

function InvalidLink() {
  return (
    <Box>
      <AuthHeading title="Reset your password" />
      <Stack spacing={2}>
        <Alert severity="error">This reset link is invalid or has expired. Ask for a new one.</Alert>
        <Button component={RouterLink} to="/forgot-password" variant="contained">
          Send a new link
        </Button>
      </Stack>
    </Box>
  );
}

/** `/reset-password?token=` (or `?error=INVALID_TOKEN`): choose a new password. */
export function ResetPasswordPage() {
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

  if (invalid) return <InvalidLink />;

  if (done) {
    return (
      <Box>
        <AuthHeading title="Password changed" />
        <Stack spacing={2}>
          <Alert severity="success" role="status">
            Your password has been changed. You can now sign in with the new one.
          </Alert>
          <Button component={RouterLink} to="/login" variant="contained">
            Go to sign in
          </Button>
        </Stack>
      </Box>
    );
  }

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <AuthHeading title="Reset your password">Choose a new password of at least 10 characters.</AuthHeading>
      <Stack spacing={2}>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <PasswordField
          label="New password"
          autoComplete="new-password"
          autoFocus
          {...fieldProps(register("newPassword"), errors.newPassword)}
        />
        <PasswordField
          label="Confirm new password"
          autoComplete="new-password"
          {...fieldProps(register("confirm"), errors.confirm)}
        />
        <Button type="submit" variant="contained" size="large" disabled={isSubmitting}>
          {isSubmitting ? "Saving…" : "Set new password"}
        </Button>
      </Stack>
    </Box>
  );
}
