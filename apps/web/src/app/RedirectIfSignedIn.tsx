import { API } from "@helio/shared/paths";
import { useEffect } from "react";
import { Outlet, useNavigate, useSearchParams } from "react-router";
import { safeRedirect } from "../lib/redirect.ts";

/**
 * Sign-in, sign-up and forgot-password are for visitors: a signed-in member who opens one goes on
 * to `?redirect=` or the dashboard. The page renders at once and the check runs beside it, so a
 * signed-out visitor (nearly every visit) waits for nothing; a bare `fetch` keeps the member
 * record's code out of the signed-out pages' chunks.
 */
export function RedirectIfSignedIn() {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const target = safeRedirect(params.get("redirect"));

  useEffect(() => {
    const abort = new AbortController();
    // The session read answers a visitor with 200 and `null`, not a 401 that the console reports.
    fetch(API.authSession, { credentials: "same-origin", signal: abort.signal })
      .then(async (response) => {
        if (response.ok && (await response.json()) !== null) void navigate(target, { replace: true });
      })
      .catch(() => {
        // Offline or aborted: stay on the page; signing in will say what is wrong.
      });
    return () => abort.abort();
  }, [navigate, target]);

  return <Outlet />;
}
