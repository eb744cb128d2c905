import type { Member } from "@helio/shared";
import { API } from "@helio/shared/paths";
import { queryOptions, useQueryClient } from "@tanstack/react-query";
import { createContext, useCallback, useContext } from "react";
import { useNavigate } from "react-router";
import { apiFetch, isApiError } from "./api.ts";
import { signOut } from "./auth-requests.ts";
import { takeEarlyFetch } from "./early-fetch.ts";
import { meQueryKey } from "./me-query-key.ts";
import { paths } from "./paths.ts";
import { lazySchema } from "./schemas.ts";
import { liveSocket } from "./ws.ts";

export { meQueryKey };

/** `GET /api/me`: the signed-in member (401 when signed out). */
export const meQueryOptions = queryOptions({
  queryKey: meQueryKey,
  queryFn: ({ signal }) =>
    apiFetch<Member>(API.me, {
      schema: lazySchema("memberSchema"),
      signal,
      started: takeEarlyFetch(API.me) ?? undefined,
      signalSignedOut: false,
    }),
  staleTime: 30_000,
  retry: (failureCount, error) => {
    if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
    return failureCount < 2;
  },
});

export const MemberContext = createContext<Member | null>(null);

/** The signed-in member; only inside the guarded routes. */
export function useMember(): Member {
  const member = useContext(MemberContext);
  if (!member) throw new Error("useMember must be used inside the signed-in routes");
  return member;
}

/** Signs out, forgets every cached answer and goes to `to`. */
export function useSignOut(): (to?: string) => Promise<void> {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(
    async (to = paths.login) => {
      liveSocket.stop();
      try {
        await signOut();
      } catch {
        // The session is gone either way from this browser's point of view.
      }
      await navigate(to, { replace: true });
      queryClient.clear();
    },
    [navigate, queryClient],
  );
}
