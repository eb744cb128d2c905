import BlockIcon from "@mui/icons-material/Block";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useSearchParams } from "react-router";
import { paths } from "../../lib/paths.ts";
import { AuthLayout } from "./AuthLayout.tsx";

/** `/account-blocked?reason=blocked|banned`: where a blocked or banned member lands after being signed out. */
export function AccountBlockedPage() {
  const [params] = useSearchParams();
  const banned = params.get("reason") === "banned";
  return (
    <AuthLayout
      title={banned ? "Account banned" : "Account blocked"}
      icon={<BlockIcon sx={{ fontSize: 48, color: "error.main" }} aria-hidden="true" />}
    >
      <Typography sx={{ textAlign: "center", fontWeight: 600 }}>
        {banned ? "Your account has been banned." : "Your account has been blocked."}
      </Typography>
      <Typography sx={{ textAlign: "center", color: "text.secondary" }}>
        You have been signed out. If you think this is a mistake, please contact support.
      </Typography>
      <Button component={RouterLink} to={paths.login} variant="contained">
        Back to sign in
      </Button>
    </AuthLayout>
  );
}
