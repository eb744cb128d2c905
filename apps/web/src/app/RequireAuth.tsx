import { useQuery } from "@tanstack/react-query";
import { type ReactNode, Suspense, useDeferredValue, useEffect } from "react";
import { Navigate, Outlet, useLocation } from "react-router";
import { PageLoader } from "../components/PageLoader.tsx";
import { blockReasonFromCode, isApiError, notifyAccountBlocked } from "../lib/api.ts";
import { useLiveAccountStatus } from "../lib/live-status.ts";
import { useAccountLocale } from "../lib/locale-choice.ts";
import { MemberContext, meQueryOptions } from "../lib/member.tsx";
import { paths } from "../lib/paths.ts";
import { loginPathFor } from "../lib/redirect.ts";
import { lazyInTheme } from "./lazy-in-theme.tsx";

// Only when the member cannot be read: its MUI alert and button need not be in every first load.
const QueryError = lazyInTheme(() => import("../components/QueryError.tsx").then((m) => m.QueryError));

/** Opens the live socket while a member is signed in. */
function LiveStatus() {
  useLiveAccountStatus();
  return null;
}

/** Where a failed `GET /api/me` sends the visitor, if anywhere. */
export function redirectForMeError(error: unknown, path: string): string | null {
  if (!isApiError(error)) return null;
  if (error.status === 401) return loginPathFor(path);
  if (error.status === 403 && error.code === "EMAIL_NOT_VERIFIED") return paths.verifyEmail;
  if (error.status === 403 && blockReasonFromCode(error.code)) return null; // the blocked flow takes over
  return null;
}

/**
 * Guard of every signed-in route: not signed in → `/login?redirect=<path>`.
 * Provides the member (`useMember`) and keeps the live status socket open.
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const location = useLocation();
  const me = useQuery(meQueryOptions);
  // The member's arrival mounts the whole signed-in screen. A query's update renders at once, in one
  // long task (useSyncExternalStore); deferred, React renders that mount in slices it can yield
  // between. Lighthouse on the dashboard, 5 runs each in turns: total blocking time median 2,974 →
  // 1,971 ms, largest paint 6,496 → 5,239 ms (docs/decisions/0015-the-first-render-in-slices.md).
  const member = useDeferredValue(me.data);
  const lockedOut = member ? member.userBlock || member.userStatus === "banned" : false;
  useAccountLocale(member);

  useEffect(() => {
    if (member && lockedOut) notifyAccountBlocked(member.userStatus === "banned" ? "banned" : "blocked");
  }, [member, lockedOut]);

  if (me.error) {
    const target = redirectForMeError(me.error, `${location.pathname}${location.search}${location.hash}`);
    if (target) return <Navigate to={target} replace />;
    if (isApiError(me.error) && me.error.status === 403 && blockReasonFromCode(me.error.code)) {
      return <PageLoader fullScreen />;
    }
    if (!member) {
      return (
        <div style={{ maxWidth: 560, margin: "0 auto", padding: "64px 16px" }}>
          <Suspense fallback={<PageLoader />}>
            <QueryError error={me.error} onRetry={() => void me.refetch()} />
          </Suspense>
        </div>
      );
    }
  }
  if (!member || lockedOut) return <PageLoader fullScreen />;

  return (
    <MemberContext value={member}>
      <LiveStatus />
      {children ?? <Outlet />}
    </MemberContext>
  );
}
