import type { WsServerMessage } from "@helio/shared";
import { type QueryClient, type QueryKey, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { applyLive } from "./live-data.ts";
import { liveSocket, type MessageOf } from "./ws.ts";

/** How a feature listens to the messages that keep its cache current (`useLiveUpdates` gives it). */
export interface LiveMessages {
  subscribe<K extends WsServerMessage["type"]>(type: K, handler: (message: MessageOf<K>) => void): () => void;
}

/**
 * While mounted: the live messages `subscribe` listens to (through `live`; it returns their
 * unsubscribe functions) keep the cache current, and a reconnect reads `reconnectKey` again, as
 * messages may have been missed while the socket was down. The first `ready` (or a socket already
 * open) is not a reconnect. A message that arrives while a read under `reconnectKey` is on its way
 * is applied, and then the key is read again (`applyLive`).
 * Pass module-level functions and keys: a new one on each render would subscribe again.
 */
export function useLiveUpdates(
  subscribe: (queryClient: QueryClient, live: LiveMessages) => (() => void)[],
  reconnectKey: QueryKey,
) {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = liveSocket.status === "open" ? 1 : 0;
    const live: LiveMessages = {
      subscribe: (type, handler) =>
        liveSocket.subscribe(
          type,
          (message) => void applyLive(queryClient, { queryKey: reconnectKey }, () => handler(message)),
        ),
    };
    const offs = [
      ...subscribe(queryClient, live),
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
