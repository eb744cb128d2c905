import { Trans, useLingui } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import Chip from "@mui/material/Chip";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { PromptDialog } from "../../components/PromptDialog.tsx";
import { authClient, unwrap } from "../../lib/auth-client.ts";
import { meQueryKey, useMember } from "../../lib/member.tsx";
import { ReadOnlyNote, useReadOnlyReason } from "../../lib/read-only.tsx";
import { BackupCodes } from "./BackupCodes.tsx";
import { SetupStep } from "./TwoFactorSetupStep.tsx";

type Step =
  | { kind: "idle" }
  | { kind: "verify"; totpURI: string; backupCodes: string[] }
  | { kind: "codes"; backupCodes: string[]; message: string };

const PASSWORD = { kind: "password" } as const;

const PROMPT_KINDS = ["enable", "disable", "codes"] as const;

type Prompt = null | (typeof PROMPT_KINDS)[number];

/** The password prompts, one per action that needs it, in the member's language. */
function usePrompts() {
  const { t } = useLingui();
  return {
    enable: {
      title: t`Turn on two-factor authentication`,
      message: t`Enter your password to start.`,
      confirmLabel: t`Continue`,
    },
    disable: {
      title: t`Turn off two-factor authentication`,
      message: t`Your account will be protected by your password only. Enter it to confirm.`,
      confirmLabel: t`Disable`,
      confirmColor: "error",
    },
    codes: {
      title: t`New backup codes`,
      message: t`The current backup codes will stop working. Enter your password to make new ones.`,
      confirmLabel: t`Make new codes`,
    },
  } as const;
}

/** TOTP two-factor: enable (QR, confirm, backup codes), disable, new backup codes. */
export function TwoFactorSection() {
  const { t } = useLingui();
  const prompts = usePrompts();
  const member = useMember();
  const readOnly = useReadOnlyReason();
  const queryClient = useQueryClient();
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [prompt, setPrompt] = useState<Prompt>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const refreshMember = () => queryClient.invalidateQueries({ queryKey: meQueryKey });

  const enable = async (password: string) => {
    const data = await unwrap(authClient.twoFactor.enable({ password }));
    if (!("totpURI" in data)) throw new Error(t`The server did not start an authenticator-app setup.`);
    setPrompt(null);
    setNotice(null);
    setStep({ kind: "verify", totpURI: data.totpURI, backupCodes: data.backupCodes });
  };

  const disable = async (password: string) => {
    await unwrap(authClient.twoFactor.disable({ password }));
    setPrompt(null);
    setStep({ kind: "idle" });
    setNotice(t`Two-factor authentication is off.`);
    await refreshMember();
  };

  const newCodes = async (password: string) => {
    const data = await unwrap(authClient.twoFactor.generateBackupCodes({ password }));
    setPrompt(null);
    setStep({
      kind: "codes",
      backupCodes: data.backupCodes,
      message: t`New backup codes were made; the old ones no longer work.`,
    });
  };

  return (
    <Card>
      <CardContent sx={{ p: { xs: 2, sm: 3 } }}>
        <Box sx={{ display: "flex", alignItems: "center", gap: 1.5, mb: 1, flexWrap: "wrap" }}>
          <Typography variant="h2" component="h2">
            <Trans>Two-factor authentication</Trans>
          </Typography>
          {member.twoFactorEnabled ? (
            <Chip label={t`On`} color="success" size="small" />
          ) : (
            <Chip label={t`Off`} size="small" variant="outlined" />
          )}
        </Box>
        <Typography sx={{ mb: 2, color: "text.secondary" }}>
          <Trans>Ask for a code from an authenticator app when you sign in, on top of your password.</Trans>
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
                message: t`Two-factor authentication is on.`,
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
                <Trans>I saved them</Trans>
              </Button>
            </Box>
          </Stack>
        ) : null}

        {step.kind === "idle" ? (
          <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>
            {member.twoFactorEnabled ? (
              <>
                <Button variant="outlined" onClick={() => setPrompt("codes")} disabled={Boolean(readOnly)}>
                  <Trans>New backup codes</Trans>
                </Button>
                <Button
                  variant="outlined"
                  color="error"
                  onClick={() => setPrompt("disable")}
                  disabled={Boolean(readOnly)}
                >
                  <Trans>Disable</Trans>
                </Button>
              </>
            ) : (
              <Button variant="contained" onClick={() => setPrompt("enable")} disabled={Boolean(readOnly)}>
                <Trans>Enable</Trans>
              </Button>
            )}
            <ReadOnlyNote reason={readOnly} />
          </Box>
        ) : null}

        {PROMPT_KINDS.map((kind) => (
          <PromptDialog
            key={kind}
            open={prompt === kind}
            input={PASSWORD}
            {...prompts[kind]}
            onSubmit={{ enable, disable, codes: newCodes }[kind]}
            onClose={() => setPrompt(null)}
          />
        ))}
      </CardContent>
    </Card>
  );
}
