import { type SupportRequestInput, supportRequestSchema } from "@helio/shared";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import BlockIcon from "@mui/icons-material/Block";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Link as RouterLink, useSearchParams } from "react-router";
import { EmailField } from "../../components/EmailField.tsx";
import { errorMessage } from "../../lib/api.ts";
import { fieldProps } from "../../lib/form.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthSubmit } from "./AuthLayout.tsx";
import { sendSupportRequest, supportEmail } from "./api.ts";

/** A blocked member's message to support, sent signed out; the answer is the same for any address. */
function SupportRequestForm() {
  const { t } = useLingui();
  const [sent, setSent] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SupportRequestInput>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { email: "", message: "" },
  });
  const submit = handleSubmit(async (input) => {
    setFormError(null);
    try {
      await sendSupportRequest(input);
      setSent(true);
    } catch (cause) {
      setFormError(errorMessage(cause));
    }
  });
  if (sent) {
    return (
      <Typography role="status" sx={{ textAlign: "center", mt: 4 }}>
        <Trans>Thank you. If this address belongs to a blocked account, support will answer in its chat.</Trans>
      </Typography>
    );
  }
  const message = fieldProps(register("message"), errors.message);
  return (
    <Box component="form" noValidate onSubmit={submit} aria-labelledby="support-form-heading" sx={{ mt: 4 }}>
      <Stack spacing={2}>
        <Typography id="support-form-heading" variant="h2" sx={{ fontSize: 20, textAlign: "center" }}>
          <Trans>Write to support</Trans>
        </Typography>
        {formError ? <Alert severity="error">{formError}</Alert> : null}
        <EmailField {...fieldProps(register("email"), errors.email)} helperText={t`The address of your account`} />
        <TextField
          label={t`Message`}
          multiline
          minRows={3}
          fullWidth
          name={message.name}
          onChange={message.onChange}
          onBlur={message.onBlur}
          inputRef={message.inputRef}
          error={message.error}
          helperText={message.helperText}
          slotProps={{ htmlInput: { maxLength: 2000 } }}
        />
        <AuthSubmit label={t`Send to support`} busyLabel={t`Sending…`} busy={isSubmitting} />
      </Stack>
    </Box>
  );
}

/**
 * `/account-blocked?reason=blocked|banned`: where a blocked or banned member lands after being
 * signed out. It names the support address, and a blocked member may write to support from here.
 */
export function AccountBlockedPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const banned = params.get("reason") === "banned";
  const address = useQuery({ queryKey: ["support-contact"], queryFn: ({ signal }) => supportEmail(signal) });
  return (
    <>
      <AuthLayout
        title={banned ? t`Account banned` : t`Account blocked`}
        icon={<BlockIcon sx={{ fontSize: 48, color: "error.main" }} aria-hidden="true" />}
      >
        <Typography sx={{ textAlign: "center", fontWeight: 600 }}>
          {banned ? t`Your account has been banned.` : t`Your account has been blocked.`}
        </Typography>
        <Typography sx={{ textAlign: "center", color: "text.secondary" }}>
          {address.data ? (
            banned ? (
              <Trans>
                You have been signed out. If you think this is a mistake, contact support at{" "}
                <Link href={`mailto:${address.data}`}>{address.data}</Link>.
              </Trans>
            ) : (
              <Trans>
                You have been signed out. If you think this is a mistake, contact support at{" "}
                <Link href={`mailto:${address.data}`}>{address.data}</Link>, or write to them below.
              </Trans>
            )
          ) : banned ? (
            <Trans>You have been signed out. If you think this is a mistake, please contact support.</Trans>
          ) : (
            <Trans>You have been signed out. If you think this is a mistake, write to support below.</Trans>
          )}
        </Typography>
        <Button component={RouterLink} to={paths.login} variant="contained">
          <Trans>Back to sign in</Trans>
        </Button>
      </AuthLayout>
      {banned ? null : <SupportRequestForm />}
    </>
  );
}
