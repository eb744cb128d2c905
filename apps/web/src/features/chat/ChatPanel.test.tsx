import type { ChatMessage } from "@helio/shared";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { ChatPanel } from "./ChatPanel.tsx";

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } });

const CHAT = {
  id: "c_1",
  member: { uid: sampleMember.uid, displayName: sampleMember.fullName, photoURL: null },
  support: { uid: "s_1", displayName: "Helio Support", photoURL: null },
  unread: 0,
  otherReadAt: null,
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("ChatPanel", { timeout: 30_000 }, () => {
  it("keeps a message sent while the conversation's first page was on its way, read before the message was stored", async () => {
    const stored: ChatMessage[] = [];
    let pageReads = 0;
    let releaseFirstPage = () => {};
    const firstPageHeld = new Promise<void>((resolve) => {
      releaseFirstPage = resolve;
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        if (url === "/api/chat") return json(CHAT);
        if (url.startsWith("/api/chat/messages") && (init?.method ?? "GET") === "GET") {
          pageReads += 1;
          // What the server holds when it reads the page; the first answer is then held back.
          const items = [...stored];
          if (pageReads === 1) await firstPageHeld;
          return json({ items, hasMore: false });
        }
        if (url === "/api/chat/messages" && init?.method === "POST") {
          const body = JSON.parse(String(init.body)) as { id: string; text: string };
          const message = {
            ...body,
            chatId: CHAT.id,
            senderId: sampleMember.uid,
            img: null,
            date: new Date().toISOString(),
          };
          stored.push(message);
          return json(message, 201);
        }
        return json({ error: { code: "NOT_FOUND", message: url } }, 404);
      }),
    );
    renderWithApp(<ChatPanel onClose={() => {}} />);
    const composer = await screen.findByRole("textbox", { name: "Message" });
    await userEvent.type(composer, "Hi from my phone{Enter}");
    // The send has been answered and handled: the page is read again, or the message left the screen.
    await waitFor(() => expect(pageReads === 2 || !screen.queryByText("Hi from my phone")).toBe(true));
    releaseFirstPage();

    const log = screen.getByRole("log", { name: "Conversation with Helio Support" });
    await waitFor(() => expect(within(log).getByText("Hi from my phone")).toBeTruthy());
    await waitFor(() => expect(pageReads).toBe(2));
    expect(within(log).queryByText(/No messages yet/)).toBeNull();
    expect(stored).toHaveLength(1);
  });
});
