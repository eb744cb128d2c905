import BlockIcon from "@mui/icons-material/Block";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Link as RouterLink, useSearchParams } from "react-router";
import { AuthHeading } from "./AuthHeading.tsx";

/** `/account-blocked?reason=blocked|banned`: where a blocked or banned member lands after being signed out. */
export function AccountBlockedPage() {
  const [params] = useSearchParams();
  const banned = params.get("reason") === "banned";
  return (
    <Box>
      <Box sx={{ display: "flex", justifyContent: "center", mb: 1 }}>
        <BlockIcon sx={{ fontSize: 48, color: "error.main" }} aria-hidden="true" />
      </Box>
      <AuthHeading title={banned ? "Account banned" : "Account blocked"} />
      <Stack spacing={2}>
        <Typography sx={{ textAlign: "center", fontWeight: 600 }}>
          {banned ? "Your account has been banned." : "Your account has been blocked."}
        </Typography>
        <Typography sx={{ textAlign: "center", color: "text.secondary" }}>
          You have been signed out. If you think this is a mistake, please contact support.
        </Typography>
        <Button component={RouterLink} to="/login" variant="contained">
          Back to sign in
        </Button>
      </Stack>
    </Box>
  );
}
