import { z } from "@helio/shared/zod";
import { zodResolver } from "@hookform/resolvers/zod";
import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { FormButtons } from "../../components/FormLayout.tsx";
import { errorMessage } from "../../lib/api.ts";
import { authClient, unwrap } from "../../lib/auth-client.ts";
import { wordFieldError } from "../../lib/error-words.ts";
import { fieldProps } from "../../lib/form.ts";
import { useQrCode } from "../../lib/qr-code.ts";
import { groupSecret, totpSecret } from "./api.ts";

const codeSchema = z.object({
  code: z.string().check(z.trim(), z.regex(/^\d{6}$/, "Enter the 6-digit code from your app.")),
});
type CodeForm = z.input<typeof codeSchema>;

/** Turning two-factor on: scan the QR code (or type the key), then confirm with a code from the app. */
export function SetupStep({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<CodeForm>({ resolver: zodResolver(codeSchema), defaultValues: { code: "" } });
  const secret = totpSecret(totpURI);
  // The code's problem shows above the field, where the server's answer shows.
  const error = wordFieldError(errors.code?.message) ?? formError;

  const qr = useQrCode(totpURI, 220);

  const submit = handleSubmit(async ({ code }) => {
    setFormError(null);
    try {
      await unwrap(authClient.twoFactor.verifyTotp({ code }));
      onVerified();
    } catch (cause) {
      setFormError(errorMessage(cause));
    }
  });

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        <Trans>1. Scan the QR code</Trans>
      </Typography>
      <Typography sx={{ mb: 2, color: "text.secondary" }}>
        <Trans>Open an authenticator app (Google Authenticator, 1Password, Authy…) and scan this code.</Trans>
      </Typography>
      <Box sx={{ display: "flex", gap: 3, flexWrap: "wrap", alignItems: "center", mb: 3 }}>
        <Box
          data-testid="totp-uri"
          data-uri={totpURI}
          sx={{
            width: 220,
            height: 220,
            bgcolor: "#ffffff",
            borderRadius: 2,
            p: 0,
            display: "flex",
            alignItems: "center",
            justifyContent: "center",
            border: 1,
            borderColor: "divider",
          }}
        >
          {qr ? <img src={qr} alt={t`QR code for your authenticator app`} width={220} height={220} /> : null}
        </Box>
        {secret ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              <Trans>Can't scan it? Enter this key:</Trans>
            </Typography>
            <Typography dir="ltr" sx={{ fontFamily: "monospace", fontSize: "1rem", wordBreak: "break-all" }}>
              {groupSecret(secret)}
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        <Trans>2. Enter the code from the app</Trans>
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label={t`6-digit code`}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 } }}
          {...fieldProps(register("code"))}
        />
        <FormButtons label={t`Verify and turn on`} busyLabel={t`Checking…`} busy={isSubmitting}>
          <Button onClick={onCancel} color="inherit" disabled={isSubmitting}>
            <Trans>Cancel</Trans>
          </Button>
        </FormButtons>
      </Stack>
    </Box>
  );
}
