import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { heldReads } from "../test/held-reads.ts";
import { testQueryClient } from "../test/render.tsx";
import { useLiveUpdates } from "./live-updates.ts";
import { liveSocket } from "./ws.ts";

const RECONNECT_KEY = ["things"] as const;
const READY = { type: "ready", uid: "u_1" } as const;

function renderLive(subscribe: Parameters<typeof useLiveUpdates>[0], client = testQueryClient()) {
  const invalidate = vi.spyOn(client, "invalidateQueries");
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const view = renderHook(() => useLiveUpdates(subscribe, RECONNECT_KEY), { wrapper });
  return { invalidate, ...view };
}

describe("useLiveUpdates", () => {
  it("reads the key again on a reconnect, not on the first connection", () => {
    const { invalidate, unmount } = renderLive(() => []);
    liveSocket.dispatch(READY);
    expect(invalidate).not.toHaveBeenCalled();
    liveSocket.dispatch(READY);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: RECONNECT_KEY });
    unmount();
  });

  it("stops listening once unmounted", () => {
    const off = vi.fn();
    const { invalidate, unmount } = renderLive(() => [off]);
    unmount();
    expect(off).toHaveBeenCalledOnce();
    liveSocket.dispatch(READY);
    liveSocket.dispatch(READY);
    expect(invalidate).not.toHaveBeenCalled();
  });

  it("reads again when a message lands while a read is on its way, so the older answer does not win", async () => {
    // The server's unread count; each read answers what it was when the read began, once released.
    const client = testQueryClient();
    const { server, release, stop: stopObserving } = await heldReads(client, RECONNECT_KEY, 1);
    const { unmount } = renderLive(
      (queryClient, live) => [
        live.subscribe("notifications.read", (message) => queryClient.setQueryData(RECONNECT_KEY, message.unreadCount)),
      ],
      client,
    );
    liveSocket.dispatch(READY);
    liveSocket.dispatch(READY); // a reconnect: the count is read again, answered with 1 …
    await expect.poll(() => server.pending.length).toBe(1); // the reconnect read
    server.value = 0; // … and then the member reads everything on another tab.
    liveSocket.dispatch({ type: "notifications.read", unreadCount: 0 });
    expect(client.getQueryData(RECONNECT_KEY)).toBe(0);
    // Read again after the message, beside the older read (whose answer, 1, must not land).
    await expect.poll(() => server.pending.length).toBe(2);
    release();
    await expect.poll(() => client.isFetching({ queryKey: RECONNECT_KEY })).toBe(0);
    expect(client.getQueryData(RECONNECT_KEY)).toBe(0);
    unmount();
    stopObserving();
  });
});
