import { useLingui } from "@lingui/react/macro";
import ShieldIcon from "@mui/icons-material/Shield";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router";
import { SectionCard } from "../../components/SectionCard.tsx";
import { paths } from "../../lib/paths.ts";

/** The way to the limits page among the profile's account settings. */
export function LimitsButton() {
  const { t } = useLingui();
  return (
    <Button component={RouterLink} to={paths.limits} variant="outlined" startIcon={<ShieldIcon />}>
      {t`Limits`}
    </Button>
  );
}

/** On /security: what the limits are for, and the way to them. */
export function LimitsSection() {
  const { t } = useLingui();
  return (
    <SectionCard id="limits" title={t`Trading limits`}>
      <Typography sx={{ mb: 2 }}>
        {t`Cap your stakes, losses, deposits and the length of your trading sessions.`}
      </Typography>
      <Button component={RouterLink} to={paths.limits} variant="outlined" startIcon={<ShieldIcon />}>
        {t`Set your limits`}
      </Button>
    </SectionCard>
  );
}
