import type { MessageDescriptor } from "@lingui/core";
import { useLingui } from "@lingui/react";
import { useEffect, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useMatches, useNavigate } from "react-router";
import { onAccountBlocked } from "../lib/api.ts";
import { signOut } from "../lib/auth-requests.ts";
import { paths } from "../lib/paths.ts";

interface RouteHandle {
  /** A member page's title in the member's language; the back office's stay English strings. */
  title?: MessageDescriptor | string;
  /** What the page shows, from its path ("BTC/USDT"): written before the title. */
  subject?: (params: Record<string, string | undefined>) => string | null;
}

function useDocumentTitle() {
  const { i18n } = useLingui();
  const matches = useMatches();
  let title: MessageDescriptor | string | undefined;
  let subject: string | null = null;
  for (const match of matches) {
    const handle = match.handle as RouteHandle | undefined;
    if (handle?.title) title = handle.title;
    if (handle?.subject) subject = handle.subject(match.params);
  }
  const titleWords = typeof title === "object" ? i18n._(title) : title;
  const words = subject && titleWords ? `${subject} · ${titleWords}` : titleWords;
  useEffect(() => {
    document.title = words ? `${words} · Helio` : "Helio";
  }, [words]);
}

/**
 * Marks the page with the key of the location it shows, once that location has rendered: a
 * browser test that navigates inside the app waits on it instead of reloading every screen.
 */
function useRenderedLocationMark() {
  const { key } = useLocation();
  useEffect(() => {
    document.documentElement.dataset.location = key;
  }, [key]);
}

/** Root of every route: the blocked/banned flow, page titles and scroll restoration. */
export function Root() {
  const navigate = useNavigate();
  const handling = useRef(false);
  useDocumentTitle();
  useRenderedLocationMark();

  useEffect(
    () =>
      onAccountBlocked((reason) => {
        if (handling.current) return;
        handling.current = true;
        void (async () => {
          // Loaded here, not at the top: signed-out pages (the first load) do not need the socket.
          const [{ liveSocket }, { appQueryClient }] = await Promise.all([
            import("../lib/ws.ts"),
            import("./query-client.ts"),
          ]);
          liveSocket.stop();
          try {
            await signOut();
          } catch {
            // Signed out locally either way.
          }
          await navigate(paths.accountBlockedFor(reason), { replace: true });
          appQueryClient().clear();
          handling.current = false;
        })();
      }),
    [navigate],
  );

  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
