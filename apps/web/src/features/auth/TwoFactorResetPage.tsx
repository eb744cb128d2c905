import { API } from "@helio/shared";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useSearchParams } from "react-router";
import { apiFetch, errorMessage, isApiError } from "../../lib/api.ts";
import { paths } from "../../lib/paths.ts";
import { AuthLayout, AuthOutcome, AuthSubmit } from "./AuthLayout.tsx";

/**
 * `/two-factor-reset?token=`: the member confirms the two-factor reset support asked for (a lost
 * phone). A button, not the link itself, does it: mail scanners that open links change nothing.
 */
export function TwoFactorResetPage() {
  const { t } = useLingui();
  const [params] = useSearchParams();
  const token = params.get("token");
  const [state, setState] = useState<"ready" | "sending" | "done" | "invalid">(token ? "ready" : "invalid");
  const [formError, setFormError] = useState<string | null>(null);

  const confirm = async (event: React.FormEvent) => {
    event.preventDefault();
    if (!token || state === "sending") return;
    setState("sending");
    setFormError(null);
    try {
      await apiFetch(API.twoFactorResetConfirm, { method: "POST", body: { token } });
      setState("done");
    } catch (error) {
      if (isApiError(error) && (error.code === "INVALID_TOKEN" || error.code === "VALIDATION_FAILED")) {
        setState("invalid");
        return;
      }
      setFormError(errorMessage(error));
      setState("ready");
    }
  };

  if (state === "invalid")
    return (
      <AuthOutcome
        title={t`Reset your two-factor`}
        severity="error"
        action={{ to: paths.login, label: t`Go to sign in` }}
      >
        <Trans>This link is used or has expired. Ask support for a new one.</Trans>
      </AuthOutcome>
    );
  if (state === "done")
    return (
      <AuthOutcome
        title={t`Two-factor is off`}
        severity="success"
        action={{ to: paths.login, label: t`Go to sign in` }}
      >
        <Trans>
          Sign in with your password, then turn two-factor on again on the Security page with your new phone.
        </Trans>
      </AuthOutcome>
    );
  return (
    <AuthLayout
      title={t`Reset your two-factor`}
      intro={t`Support asked to turn off the two-factor authentication of your account. Confirm to turn it off now.`}
      onSubmit={(event) => void confirm(event)}
      error={formError}
    >
      <AuthSubmit label={t`Confirm the reset`} busyLabel={t`Confirming…`} busy={state === "sending"} />
    </AuthLayout>
  );
}
