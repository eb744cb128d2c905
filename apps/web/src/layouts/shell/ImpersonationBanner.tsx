import { API } from "@helio/shared";
import { Trans } from "@lingui/react/macro";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import { useState } from "react";
import { apiFetch, errorMessage } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { liveSocket } from "../../lib/ws.ts";

/** Shown while an admin is signed in as this member (support view). */
export function ImpersonationBanner({ fullName }: { fullName: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const exit = async () => {
    setBusy(true);
    setError(null);
    // The socket closes first, as on sign-out. Ending the support view ends its session, and the
    // server closes that session's socket before it answers. Left open, the socket's close sends
    // this page to sign-in, and the sign-in page's session check still carries the ended session's
    // cookie. If that check is answered after the exit, its reply clears the cookie the exit has
    // just given back to the admin, and the admin is signed out.
    liveSocket.stop();
    try {
      await apiFetch(API.impersonationStop, { method: "POST", body: {} });
      window.location.assign(paths.admin);
    } catch (cause) {
      liveSocket.start();
      setError(errorMessage(cause));
      setBusy(false);
    }
  };

  return (
    <Alert
      severity="warning"
      variant="filled"
      square
      role="status"
      sx={{ borderRadius: 0, alignItems: "center", color: "#3D2F01", bgcolor: "secondary.main" }}
      action={
        <Button color="inherit" size="small" variant="outlined" onClick={() => void exit()} disabled={busy}>
          <Trans>Exit</Trans>
        </Button>
      }
    >
      <Trans>You are signed in as {fullName} (support view)</Trans>
      {error ? ` — ${error}` : null}
    </Alert>
  );
}
