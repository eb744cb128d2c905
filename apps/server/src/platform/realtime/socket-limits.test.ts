import { randomUUID } from "node:crypto";
import { API, chatIdOf } from "@helio/shared";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  createTestApp,
  databaseKinds,
  messagesOfType,
  settle,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
  type TestSocket,
  waitFor,
} from "../../../test/helpers.ts";
import { createMessageLimiter, socketMessageLimits } from "./message-limit.ts";

const connect = socketsClosedAfterEachTest();

const typing = (socket: TestSocket, chatId: string, on: boolean) =>
  socket.ws.send(JSON.stringify({ type: "chat.typing", chatId, typing: on }));

/** The default CHAT_RATE_LIMIT (30 per 10 s). */
const LIMITS = socketMessageLimits(30);

describe("the socket message limiter", () => {
  it("counts per member in fixed windows: allowed up to the budget, over it, then a flood", () => {
    const limiter = createMessageLimiter({ windowMs: 1000, budget: 2, flood: 4 });
    const verdicts = [0, 1, 2, 3, 4].map(() => limiter.check("a", 0));
    expect(verdicts).toEqual(["allowed", "allowed", "over", "over", "flood"]);
    expect(limiter.check("b", 0)).toBe("allowed"); // another member has their own count
    limiter.forget("a", 500); // a window still running is kept: reconnecting does not reset it
    expect(limiter.check("a", 999)).toBe("flood");
    expect(limiter.check("a", 1000)).toBe("allowed"); // a new window
  });
});

describe.each(databaseKinds)("socket message limits on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let supportTab: TestSocket;
  let supportId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await signInAdmin(t.app);
    supportId = (await admin.get(API.me)).json().uid;
  });
  afterAll(async () => t?.close());

  /** A member with an open tab, and support's tab (fresh for each test). */
  async function memberAndSupport() {
    const { client, member } = await signUpVerified(t.app);
    supportTab = await connect(t.app, admin);
    const tab = await connect(t.app, client);
    return { client, member, tab, chatId: chatIdOf(member.uid, supportId) };
  }
  const typingFor = (chatId: string) => messagesOfType(supportTab, "chat.typing").filter((m) => m.chatId === chatId);

  it("coalesces typing: fifty toggles reach support as at most two signals, ending on the last state", async () => {
    const { tab, chatId } = await memberAndSupport();
    for (let i = 0; i < 50; i++) typing(tab, chatId, i % 2 === 0); // ends on "stopped"
    await waitFor(() => typingFor(chatId).at(-1)?.typing === false, 5000, "the final state at support");
    await settle(supportTab);
    expect(typingFor(chatId).map((m) => m.typing)).toEqual([true, false]);
    // A later change still goes through (within a second of the last signal).
    typing(tab, chatId, true);
    await waitFor(() => typingFor(chatId).length === 3, 5000, "the next change");
    expect(typingFor(chatId).at(-1)?.typing).toBe(true);
    expect(tab.ws.readyState).toBe(tab.ws.OPEN);
  });

  it("closes a socket that floods (2,000 typing toggles in a burst) with 1008; support gets a bounded number", async () => {
    const { tab, chatId } = await memberAndSupport();
    for (let i = 0; i < 2000; i++) typing(tab, chatId, i % 2 === 0);
    expect(await tab.closed).toEqual({ code: 1008, reason: "too many messages" });
    // The last state let through (of the first `budget` toggles) reaches support, and no more.
    const lastAllowed = (LIMITS.budget - 1) % 2 === 0;
    await waitFor(() => typingFor(chatId).at(-1)?.typing === lastAllowed, 5000, "the final state at support");
    await settle(supportTab);
    expect(typingFor(chatId).length).toBeLessThanOrEqual(2);
  });

  it("counts every tab of a member against one budget; over it a send is answered RATE_LIMITED, not stored", async () => {
    const { client, tab } = await memberAndSupport();
    const second = await connect(t.app, client);
    for (let i = 0; i < LIMITS.budget; i++) tab.ws.send(JSON.stringify({ type: "ping" }));
    await waitFor(() => messagesOfType(tab, "pong").length === LIMITS.budget, 10_000, "every allowed pong");
    const id = randomUUID();
    second.ws.send(JSON.stringify({ type: "chat.send", id, text: "over the budget" }));
    const ack = await waitFor(() => messagesOfType(second, "chat.ack").find((m) => m.id === id));
    expect(ack).toMatchObject({ ok: false, error: { code: "RATE_LIMITED" } });
    // Over the budget but no flood: both tabs stay open; the message was not stored.
    expect(second.ws.readyState).toBe(second.ws.OPEN);
    expect(tab.ws.readyState).toBe(tab.ws.OPEN);
    const stored = (await client.get(API.chatMessages)).json().items as { id: string }[];
    expect(stored.map((m) => m.id)).not.toContain(id);
  });
});
