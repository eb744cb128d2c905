import type { ChatMessage } from "@helio/shared";
import { QueryClientProvider } from "@tanstack/react-query";
import { renderHook } from "@testing-library/react";
import type { ReactNode } from "react";
import { describe, expect, it } from "vitest";
import { liveSocket } from "../../lib/ws.ts";
import { heldReads } from "../../test/held-reads.ts";
import { testQueryClient } from "../../test/render.tsx";
import { chatKeys } from "./keys.ts";
import { useChatLive } from "./live.ts";

const READY = { type: "ready", uid: "u_1" } as const;

describe("useChatLive", () => {
  it("reads the chat again when a message lands while the reconnect's read is on its way", async () => {
    const client = testQueryClient();
    const { server, release, stop } = await heldReads(client, chatKeys.unread, { unread: 0 });
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const { unmount } = renderHook(() => useChatLive("member"), { wrapper });
    liveSocket.dispatch(READY);
    liveSocket.dispatch(READY); // a reconnect: the unread count is read again, answered with 0 …
    await expect.poll(() => server.pending.length).toBe(1);
    server.value = { unread: 1 }; // … and then support answers.
    liveSocket.dispatch({
      type: "chat.message",
      chatId: "c_1",
      message: { id: "m_1" } as ChatMessage,
      unread: 1,
    });
    expect(client.getQueryData(chatKeys.unread)).toEqual({ unread: 1 });
    // Read again after the message, beside the older read (whose answer, 0, must not land).
    await expect.poll(() => server.pending.length).toBe(2);
    release();
    await expect.poll(() => client.isFetching({ queryKey: chatKeys.all })).toBe(0);
    expect(client.getQueryData(chatKeys.unread)).toEqual({ unread: 1 });
    unmount();
    stop();
  });
});
