import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { notifyAccountBlocked, onSignedOutSignal } from "./api.ts";
import { meQueryKey } from "./member.tsx";
import { liveSocket } from "./ws.ts";

/**
 * While signed in: keeps the live socket open, signs the member out when the account
 * becomes blocked or banned, reads the member again when a request or the socket says the session
 * ended (the guard then sends the member to sign in), and refreshes the member record when the
 * server says so.
 */
export function useLiveAccountStatus(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let readyCount = 0;
    const unsubscribes = [
      liveSocket.subscribe("account.status", (message) => {
        if (message.userStatus === "banned") notifyAccountBlocked("banned");
        else if (message.userBlock) notifyAccountBlocked("blocked");
      }),
      liveSocket.subscribe("member.updated", () => {
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
      onSignedOutSignal(() => {
        // A read already under way may have started before the session ended: it is cancelled and
        // sent again. Once the read is refused the guard leaves, so there is nothing more to ask.
        if (queryClient.getQueryState(meQueryKey)?.status === "error") return;
        void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
      liveSocket.subscribe("ready", () => {
        // After a reconnect, events may have been missed: read the member again.
        readyCount += 1;
        if (readyCount > 1) void queryClient.invalidateQueries({ queryKey: meQueryKey });
      }),
    ];
    const stop = liveSocket.start();
    return () => {
      for (const unsubscribe of unsubscribes) unsubscribe();
      stop();
    };
  }, [queryClient]);
}
