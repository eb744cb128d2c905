import { useLingui } from "@lingui/react/macro";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import { PageHeader } from "../../components/PageHeader.tsx";
import { LimitsSection } from "../protection/index.ts";
import { CloseAccountSection } from "./CloseAccountSection.tsx";
import { SessionsSection } from "./SessionsSection.tsx";
import { SignInsSection } from "./SignInsSection.tsx";
import { TwoFactorSection } from "./TwoFactorSection.tsx";

/** `/security`: two-factor, active sessions, recent sign-ins. */
export function SecurityPage() {
  const { t } = useLingui();
  return (
    <Box>
      <PageHeader title={t`Security`} subtitle={t`Keep your account safe.`} />
      <Stack spacing={3}>
        <TwoFactorSection />
        <SessionsSection />
        <SignInsSection />
        <LimitsSection />
        <CloseAccountSection />
      </Stack>
    </Box>
  );
}
