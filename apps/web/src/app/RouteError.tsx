import { t } from "@lingui/core/macro";
import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NOT_FOUND_COPY } from "../components/not-found-copy.ts";
import { i18n } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";

/**
 * Shown when a screen fails to load or render (e.g. a new version was deployed meanwhile). Plain
 * elements (app/plain.css): it must work when the chunk that brings MUI is what failed to load; its
 * words come from the active catalogue directly, as a provider may be what failed.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <div className="plain-error">
        <h1>{i18n._(NOT_FOUND_COPY.title)}</h1>
        <p>{i18n._(NOT_FOUND_COPY.body)}</p>
        <Link className="plain-button" to={paths.dashboard}>
          {i18n._(NOT_FOUND_COPY.home)}
        </Link>
      </div>
    );
  return (
    <div className="plain-error" role="alert">
      <h1>{t`Something went wrong`}</h1>
      <p>{t`This page could not be shown. Reloading usually fixes it.`}</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        {t`Reload the page`}
      </button>
    </div>
  );
}
