import type { WsServerMessage } from "@helio/shared";
import { act, screen, waitFor } from "@testing-library/react";
import { Route, Routes } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { liveSocket } from "../../lib/ws.ts";
import { renderWithApp, sampleMember } from "../../test/render.tsx";
import { useInboxUnread } from "./api.ts";
import { InboxPage } from "./InboxPage.tsx";

const SUPPORT = "s_1";
const json = (body: unknown) =>
  new Response(JSON.stringify(body), { status: 200, headers: { "Content-Type": "application/json" } });

const listed = (chatId: string, name: string, unread: number, date: string) => ({
  chatId,
  member: { uid: `m_${chatId}`, fullName: name, userName: name.toLowerCase(), photoURL: null },
  lastMessage: { text: `hello from ${name}`, hasImage: false },
  date,
  unread,
});
const INBOX = {
  items: [listed("c_ann", "Ann", 0, "2026-03-02T10:00:00.000Z"), listed("c_bob", "Bob", 2, "2026-03-01T10:00:00.000Z")],
  total: 2,
  unreadTotal: 2,
};
const DETAIL = {
  id: "c_ann",
  member: { uid: "m_c_ann", displayName: "Ann", photoURL: null },
  support: { uid: SUPPORT, displayName: "Helio Support", photoURL: null },
  unread: 0,
  otherReadAt: null,
  summary: {
    uid: "m_c_ann",
    fullName: "Ann",
    userName: "ann",
    email: "ann@example.com",
    userTrading: false,
    kycStatus: "approved",
    walletMicrocents: "0",
  },
};

/** The API as the inbox reads it; `lists` counts the reads of the inbox list. */
function stubApi() {
  const calls = { lists: 0, reads: 0 };
  let inbox = INBOX;
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/admin/chats?")) {
        calls.lists += 1;
        return json(inbox);
      }
      if (url === "/api/admin/chats/c_ann") return json(DETAIL);
      if (url.startsWith("/api/admin/chats/c_ann/messages")) return json({ items: [], hasMore: false });
      if (url === "/api/admin/chats/c_ann/read" && init?.method === "POST") {
        calls.reads += 1;
        return json({ unread: 0, readAt: "2026-03-03T10:00:01.000Z" });
      }
      return new Response(JSON.stringify({ error: { code: "NOT_FOUND", message: url } }), { status: 404 });
    }),
  );
  return { calls, serve: (next: typeof INBOX) => (inbox = next) };
}

/** The back office around the inbox: its navigation reads the unread total (AdminLayout). */
function BackOffice() {
  const unread = useInboxUnread(true);
  return (
    <>
      <output aria-label="Unread in the navigation">{unread}</output>
      <Routes>
        <Route path="/admin/inbox/:chatId" element={<InboxPage />} />
      </Routes>
    </>
  );
}

const message = (chatId: string, id: string, senderId: string, unread: number): WsServerMessage => ({
  type: "chat.message",
  chatId,
  message: { id, chatId, senderId, text: `message ${id}`, img: null, date: "2026-03-03T10:00:00.000Z" },
  unread,
});

afterEach(() => {
  vi.unstubAllGlobals();
});

// A whole page (list, thread, member card) renders slowly under jsdom on a busy machine.
describe("InboxPage live updates", { timeout: 30_000 }, () => {
  it("takes an incoming message into the list without reading the list again", async () => {
    const api = stubApi();
    renderWithApp(<BackOffice />, {
      path: "/admin/inbox/c_ann",
      member: { ...sampleMember, uid: SUPPORT, role: "admin" },
    });
    const conversations = await screen.findByRole("navigation", { name: "Conversations" });
    await screen.findByText("hello from Bob");
    await waitFor(() => expect(screen.getByLabelText("Unread in the navigation").textContent).toBe("2"));
    expect(api.calls.lists).toBe(1);

    // Bob writes (his chat is listed, not open): the list changes at once, no request.
    act(() => liveSocket.dispatch(message("c_bob", "b3", "m_c_bob", 3)));
    await waitFor(() => expect(screen.getAllByText("message b3").length).toBeGreaterThan(0));
    expect(screen.getByLabelText("3 unread")).toBeTruthy();
    expect(screen.getByLabelText("Unread in the navigation").textContent).toBe("3");
    // Newest first: Bob's chat moved above Ann's.
    const names = [...conversations.querySelectorAll("a")].map((a) => a.textContent ?? "");
    expect(names[0]).toContain("Bob");

    // Ann writes in the open conversation: it is read at once (POST), then the server says so.
    act(() => liveSocket.dispatch(message("c_ann", "a2", "m_c_ann", 1)));
    await waitFor(() => expect(api.calls.reads).toBe(1));
    act(() =>
      liveSocket.dispatch({ type: "chat.read", chatId: "c_ann", side: "support", readAt: "2026-03-03T10:00:01.000Z" }),
    );
    await waitFor(() => expect(screen.getAllByText("message a2").length).toBeGreaterThan(0));
    expect(screen.getByLabelText("Unread in the navigation").textContent).toBe("3");
    // The member reading support's answers changes nothing in the list.
    act(() =>
      liveSocket.dispatch({ type: "chat.read", chatId: "c_bob", side: "member", readAt: "2026-03-03T10:00:02.000Z" }),
    );
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.lists).toBe(1);
  });

  it("reads the list once for a conversation it does not show yet", async () => {
    const api = stubApi();
    renderWithApp(<BackOffice />, {
      path: "/admin/inbox/c_ann",
      member: { ...sampleMember, uid: SUPPORT, role: "admin" },
    });
    await screen.findByText("hello from Bob");
    expect(api.calls.lists).toBe(1);

    const cara = {
      ...listed("c_cara", "Cara", 1, "2026-03-03T10:00:00.000Z"),
      lastMessage: { text: "message c1", hasImage: false },
    };
    api.serve({ items: [cara, ...INBOX.items], total: 3, unreadTotal: 3 });
    act(() => liveSocket.dispatch(message("c_cara", "c1", "m_c_cara", 1)));
    await waitFor(() => expect(screen.getAllByText("message c1").length).toBeGreaterThan(0));
    await waitFor(() => expect(screen.getByLabelText("Unread in the navigation").textContent).toBe("3"));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(api.calls.lists).toBe(2);
  });
});
