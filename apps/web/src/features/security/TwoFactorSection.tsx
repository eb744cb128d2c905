import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import QRCode from "qrcode";
import { type FormEvent, useEffect, useState } from "react";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { errorMessage } from "../../lib/api.ts";
import { authClient, unwrap } from "../../lib/auth-client.ts";
import { meQueryKey, useMember } from "../../lib/member.tsx";
import { groupSecret, totpSecret } from "./api.ts";
import { BackupCodes } from "./BackupCodes.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "verify"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[]; message: string };

const PASSWORD = { kind: "password" } as const;

type Prompt = null | "enable" | "disable" | "codes";

function SetupStep({
  totpURI,
  onVerified,
  onCancel,
}: {
  totpURI: string;
  onVerified: () => void;
  onCancel: () => void;
}) {
  const [qr, setQr] = useState<string | null>(null);
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const secret = totpSecret(totpURI);

  useEffect(() => {
    let alive = true;
    QRCode.toDataURL(totpURI, { margin: 1, width: 220, errorCorrectionLevel: "M" }).then(
      (url) => alive && setQr(url),
      () => alive && setQr(null),
    );
    return () => {
      alive = false;
    };
  }, [totpURI]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!/^\d{6}$/.test(code.trim())) {
      setError("Enter the 6-digit code from your app.");
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await unwrap(authClient.twoFactor.verifyTotp({ code: code.trim() }));
      onVerified();
    } catch (cause) {
      setError(errorMessage(cause));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit}>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        1. Scan the QR code
      </Typography>
      <Typography sx={{ mb: 2, color: "text.secondary" }}>
        Open an authenticator app (Google Authenticator, 1Password, Authy…) and scan this code.
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
          {qr ? <img src={qr} alt="QR code for your authenticator app" width={220} height={220} /> : null}
        </Box>
        {secret ? (
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="body2" sx={{ color: "text.secondary" }}>
              Can't scan it? Enter this key:
            </Typography>
            <Typography sx={{ fontFamily: "monospace", fontSize: "1rem", wordBreak: "break-all" }}>
              {groupSecret(secret)}
            </Typography>
          </Box>
        ) : null}
      </Box>
      <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
        2. Enter the code from the app
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 360 }}>
        {error ? <Alert severity="error">{error}</Alert> : null}
        <TextField
          label="6-digit code"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoComplete="one-time-code"
          slotProps={{ htmlInput: { inputMode: "numeric", pattern: "[0-9]*", maxLength: 6 } }}
        />
        <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? "Checking…" : "Verify and turn on"}
          </Button>
          <Button onClick={onCancel} color="inherit" disabled={busy}>
            Cancel
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

/** TOTP two-factor: enable (QR, confirm, backup codes), disable, new backup codes. */
export function TwoFactorSection() {
  const member = useMember();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refreshMember = () => queryClient.invalidateQueries({ queryKey: meQueryKey });

  const enable = async (password: string) => {
    const data = await unwrap(authClient.twoFactor.enable({ password }));
    if (!("totpURI" in data)) throw new Error("The server did not start an authenticator-app setup.");
    setPrompt(null);
    setNotice(null);
    setStep({ kind: "verify", totpURI: data.totpURI, backupCodes: data.backupCodes });
  };

  const disable = async (password: string) => {
    await unwrap(authClient.twoFactor.disable({ password }));
    setPrompt(null);
    setStep({ kind: "idle" });
    setNotice("Two-factor authentication is off.");
    await refreshMember();
  };

  const newCodes = async (password: string) => {
    const data = await unwrap(authClient.twoFactor.generateBackupCodes({ password }));
    setPrompt(null);
    setStep({
      kind: "codes",
      backupCodes: data.backupCodes,
      message: "New backup codes were made; the old ones no longer work.",
    });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h2" component="h2">
            Two-factor authentication
          </Typography>
          {member.twoFactorEnabled ? (
            <Chip label="On" color="success" size="small" />
          ) : (
            <Chip label="Off" size="small" variant="outlined" />
          )}
        </Box>
        <Typography sx={{ mb: 2, color: "text.secondary" }}>
          Ask for a code from an authenticator app when you sign in, on top of your password.
        </Typography>
        {notice ? (
          <Alert severity="success" sx={{ mb: 2 }} role="status" onClose={() => setNotice(null)}>
            {notice}
          </Alert>
        ) : null}

        {step.kind === "verify" ? (
          <SetupStep
            totpURI={step.totpURI}
            onCancel={() => setStep({ kind: "idle" })}
            onVerified={() => {
              setStep({
                kind: "codes",
                backupCodes: step.backupCodes,
                message: "Two-factor authentication is on.",
              });
              void refreshMember();
            }}
          />
        ) : null}

        {step.kind === "codes" ? (
          <Stack spacing={2}>
            <Alert severity="success" role="status">
              {step.message}
            </Alert>
            <BackupCodes codes={step.backupCodes} />
            <Box>
              <Button variant="contained" onClick={() => setStep({ kind: "idle" })}>
                I saved them
              </Button>
            </Box>
          </Stack>
        ) : null}

        {step.kind === "idle" ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {member.twoFactorEnabled ? (
              <>
                <Button variant="outlined" onClick={() => setPrompt("codes")}>
                  New backup codes
                </Button>
                <Button variant="outlined" color="error" onClick={() => setPrompt("disable")}>
                  Disable
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => setPrompt("enable")}>
                Enable
              </Button>
            )}
          </Box>
        ) : null}

        <PromptDialog
          open={prompt === "enable"}
          title="Turn on two-factor authentication"
          input={PASSWORD}
          message="Enter your password to start."
          confirmLabel="Continue"
          onSubmit={enable}
          onClose={() => setPrompt(null)}
        />
        <PromptDialog
          open={prompt === "disable"}
          title="Turn off two-factor authentication"
          input={PASSWORD}
          message="Your account will be protected by your password only. Enter it to confirm."
          confirmLabel="Disable"
          confirmColor="error"
          onSubmit={disable}
          onClose={() => setPrompt(null)}
        />
        <PromptDialog
          open={prompt === "codes"}
          title="New backup codes"
          input={PASSWORD}
          message="The current backup codes will stop working. Enter your password to make new ones."
          confirmLabel="Make new codes"
          onSubmit={newCodes}
          onClose={() => setPrompt(null)}
        />
      </CardContent>
    </Card>
  );
}
