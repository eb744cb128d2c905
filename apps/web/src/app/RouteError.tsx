import { isRouteErrorResponse, Link, useRouteError } from "react-router";
import { NOT_FOUND_COPY } from "../components/not-found-copy.ts";
import { paths } from "../lib/paths.ts";

/**
 * Shown when a screen fails to load or render (e.g. a new version was deployed meanwhile). Plain
 * elements (app/plain.css): it must work when the chunk that brings MUI is what failed to load.
 */
export function RouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404)
    return (
      <div className="plain-error">
        <h1>{NOT_FOUND_COPY.title}</h1>
        <p>{NOT_FOUND_COPY.body}</p>
        <Link className="plain-button" to={paths.dashboard}>
          {NOT_FOUND_COPY.home}
        </Link>
      </div>
    );
  return (
    <div className="plain-error" role="alert">
      <h1>Something went wrong</h1>
      <p>This page could not be shown. Reloading usually fixes it.</p>
      <button type="button" className="plain-button" onClick={() => window.location.reload()}>
        Reload the page
      </button>
    </div>
  );
}
