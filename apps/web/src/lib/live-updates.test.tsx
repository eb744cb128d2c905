import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { testQueryClient } from "../test/render.tsx";
import { useLiveUpdates } from "./live-updates.ts";
import { liveSocket } from "./ws.ts";

const RECONNECT_KEY = ["things"] as const;
const READY = { type: "ready", uid: "u_1" } as const;

function renderLive(subscribe: Parameters<typeof useLiveUpdates>[0]) {
  const client = testQueryClient();
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
});
