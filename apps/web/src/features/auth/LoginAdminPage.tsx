import { impersonationExchangeSchema } from "@helio/shared";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import { useEffect, useRef, useState } from "react";
import { Link as RouterLink, useParams } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { AuthHeading } from "./AuthHeading.tsx";
import { exchangeImpersonationToken } from "./api.ts";

/**
 * `/login-admin/:username/:token`: an admin opens a member's account from the back office.
 * The single-use token is exchanged once for a support session, then the app reloads at `/`.
 */
export function LoginAdminPage() {
  const { username = "", token = "" } = useParams();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    // The token works once: never send it twice (React may run effects twice in development).
    if (started.current) return;
    started.current = true;
    const parsed = impersonationExchangeSchema.safeParse({ username, token });
    if (!parsed.success) {
      setFailed(true);
      return;
    }
    exchangeImpersonationToken(parsed.data.username, parsed.data.token).then(
      () => window.location.replace("/"),
      () => setFailed(true),
    );
  }, [username, token]);

  if (!failed) {
    return (
      <Box>
        <AuthHeading title="Opening the member's account" />
        <PageLoader label="Signing in as the member" />
      </Box>
    );
  }

  return (
    <Box>
      <AuthHeading title="This link does not work" />
      <Stack spacing={2}>
        <Alert severity="error">
          The sign-in link is invalid or has expired. Links from the back office work once and only for a minute: open
          the member again in the back office and press “Sign in as member”.
        </Alert>
        <Button component={RouterLink} to="/login" variant="contained">
          Go to sign in
        </Button>
      </Stack>
    </Box>
  );
}
