import { impersonationExchangeSchema } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useRef, useState } from "react";
import { useParams } from "react-router";
import { PageLoader } from "../../components/PageLoader.tsx";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthOutcome } from "./AuthLayout.tsx";
import { exchangeImpersonationToken } from "./api.ts";

/**
 * `/login-admin/:username/:token`: an admin opens a member's account from the back office.
 * The single-use token is exchanged once for a support session, then the app reloads at `/`.
 */
export function LoginAdminPage() {
  const { t } = useLingui();
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
      () => window.location.replace(paths.dashboard),
      () => setFailed(true),
    );
  }, [username, token]);

  if (!failed) {
    return (
      <AuthLayout title={t`Opening the member's account`}>
        <PageLoader label={t`Signing in as the member`} />
      </AuthLayout>
    );
  }

  return (
    <AuthOutcome
      title={t`This link does not work`}
      severity="error"
      action={{ to: paths.login, label: t`Go to sign in` }}
    >
      <Trans>
        The sign-in link is invalid or has expired. Links from the back office work once and only for a minute: open the
        member again in the back office and press “Sign in as member”.
      </Trans>
    </AuthOutcome>
  );
}
