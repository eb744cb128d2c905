import { Trans, useLingui } from "@lingui/react/macro";
import BlockIcon from "@mui/icons-material/Block";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useSearchParams } from "react-router";
import { paths } from "../../lib/paths.ts";
import { AuthLayout } from "./AuthLayout.tsx";

/** `/account-blocked?reason=blocked|banned`: where a blocked or banned member lands after being signed out. */
export function AccountBlockedPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const banned = params.get("reason") === "banned";
  return (
    <AuthLayout
      title={banned ? t`Account banned` : t`Account blocked`}
      icon={<BlockIcon sx={{ fontSize: 48, color: "error.main" }} aria-hidden="true" />}
    >
      <Typography sx={{ textAlign: "center", fontWeight: 600 }}>
        {banned ? t`Your account has been banned.` : t`Your account has been blocked.`}
      </Typography>
      <Typography sx={{ textAlign: "center", color: "text.secondary" }}>
        <Trans>You have been signed out. If you think this is a mistake, please contact support.</Trans>
      </Typography>
      <Button component={RouterLink} to={paths.login} variant="contained">
        <Trans>Back to sign in</Trans>
      </Button>
    </AuthLayout>
  );
}
