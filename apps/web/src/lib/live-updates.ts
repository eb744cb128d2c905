import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { liveSocket } from "./ws.ts";

/**
 * While mounted: the live messages `subscribe` listens to (it returns their unsubscribe functions)
 * keep the cache current, and a reconnect reads `reconnectKey` again, as messages may have been
 * missed while the socket was down. The first `ready` (or a socket already open) is not a reconnect.
 * Pass module-level functions and keys: a new one on each render would subscribe again.
 */
export function useLiveUpdates(subscribe: (queryClient: QueryClient) => (() => void)[], reconnectKey: QueryKey) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    const offs = [
      ...subscribe(queryClient),
      liveSocket.subscribe("ready", () => {
        readyCount += 1;
        if (readyCount > 1) void queryClient.invalidateQueries({ queryKey: reconnectKey });
      }),
    ];
    return () => {
      for (const off of offs) off();
    };
  }, [queryClient, subscribe, reconnectKey]);
}
