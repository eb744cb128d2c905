import { randomBytes, randomUUID } from "node:crypto";
import { API, chatIdOf } from "@helio/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  makeStaff,
  messagesOfType,
  openTestDatabase,
  redisTestsEnabled,
  requireRedisUrl,
  settle,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
  type TestSocket,
  testRedisPrefix,
  waitFor,
} from "../../../test/helpers.ts";
import type { Database } from "../../db/client.ts";

const connect = socketsClosedAfterEachTest();

async function nth(socket: TestSocket, type: string, n: number) {
  return waitFor(() => messagesOfType(socket, type)[n - 1], 5000, `${n} "${type}" messages`);
}
/** The first `chat.ack` for `id` on a socket. */
const ackOf = (socket: TestSocket, id: string, timeout = 5000) =>
  waitFor(() => messagesOfType(socket, "chat.ack").find((m) => m.id === id), timeout, `the ack of ${id}`);
const sendWs = (socket: TestSocket, body: Record<string, unknown>) =>
  socket.ws.send(JSON.stringify({ type: "chat.send", ...body }));

describe.each(databaseKinds)("chat over the WebSocket on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let supportId: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await signInAdmin(t.app);
    supportId = (await admin.get(API.me)).json().uid;
  });
  afterAll(async () => t?.close());

  it("delivers messages both ways, to every tab of the member and to support, and to nobody else", async () => {
    const { client, member } = await signUpVerified(t.app);
    const stranger = await signUpVerified(t.app);
    const chatId = chatIdOf(member.uid, supportId);
    const [tabA, tabB, supportTab, strangerTab] = await Promise.all([
      connect(t.app, client),
      connect(t.app, client),
      connect(t.app, admin),
      connect(t.app, stranger.client),
    ]);

    const sent = (await client.post(API.chatMessages, { text: "Is anyone there?" })).json();
    const toSupport = await supportTab.next("chat.message");
    expect(toSupport).toEqual({ type: "chat.message", chatId, message: sent, unread: 1 });
    // The member's other tab shows it too (the sender's count is unchanged).
    expect(await tabB.next("chat.message")).toEqual({ type: "chat.message", chatId, message: sent, unread: 0 });
    await tabA.next("chat.message");

    const reply = (await admin.post(API.adminChatMessages(chatId), { text: "Yes, how can I help?" })).json();
    const second = await nth(tabA, "chat.message", 2);
    expect(second).toEqual({ type: "chat.message", chatId, message: reply, unread: 1 });
    await nth(tabB, "chat.message", 2);
    await nth(supportTab, "chat.message", 2);

    // Reading on one tab clears the count on the others and tells support.
    const read = (await client.post(API.chatRead, {})).json();
    const readMsg = { type: "chat.read", chatId, side: "member", readAt: read.readAt };
    expect(await tabB.next("chat.read")).toEqual(readMsg);
    expect(await supportTab.next("chat.read")).toEqual(readMsg);

    await settle(strangerTab);
    // (Market ticks are broadcast to everyone; nothing of the chat reaches a stranger.)
    expect(strangerTab.messages.map((m) => m.type).filter((type) => type !== "ticks")).toEqual(["ready", "pong"]);
  });

  it("passes typing indicators between the two sides only", async () => {
    const { client, member } = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    const chatId = chatIdOf(member.uid, supportId);
    const otherChatId = chatIdOf(other.member.uid, supportId);
    expect((await client.get(API.chat)).json().id).toBe(chatId);
    const [memberTab, supportTab, otherTab] = await Promise.all([
      connect(t.app, client),
      connect(t.app, admin),
      connect(t.app, other.client),
    ]);

    memberTab.ws.send(JSON.stringify({ type: "chat.typing", chatId, typing: true }));
    expect(await supportTab.next("chat.typing")).toEqual({ type: "chat.typing", chatId, side: "member", typing: true });

    supportTab.ws.send(JSON.stringify({ type: "chat.typing", chatId, typing: true }));
    expect(await memberTab.next("chat.typing")).toEqual({ type: "chat.typing", chatId, side: "support", typing: true });

    // A member cannot type into someone else's chat, nor send malformed typing messages.
    otherTab.ws.send(JSON.stringify({ type: "chat.typing", chatId, typing: true }));
    otherTab.ws.send(JSON.stringify({ type: "chat.typing", chatId: otherChatId }));
    supportTab.ws.send(JSON.stringify({ type: "chat.typing", chatId: "no-such-chat", typing: true }));
    await settle(otherTab);
    await settle(supportTab);
    await settle(memberTab);
    expect(messagesOfType(supportTab, "chat.typing")).toHaveLength(1);
    expect(messagesOfType(memberTab, "chat.typing")).toHaveLength(1);
    expect(messagesOfType(otherTab, "chat.typing")).toHaveLength(0);
  });

  it("sends over the socket: to support, to the sender's other tabs, and acked; and the answer back", async () => {
    const { client, member } = await signUpVerified(t.app);
    const chatId = chatIdOf(member.uid, supportId);
    const [tabA, tabB, supportTab] = await Promise.all([
      connect(t.app, client),
      connect(t.app, client),
      connect(t.app, admin),
    ]);

    const id = randomUUID();
    sendWs(tabA, { id, text: "  Over the socket  " });
    const ack = await ackOf(tabA, id);
    expect(ack).toMatchObject({ type: "chat.ack", id, ok: true });
    const message = ack.message;
    expect(message).toMatchObject({ id, chatId, senderId: member.uid, text: "Over the socket", img: null });
    expect(await supportTab.next("chat.message")).toEqual({ type: "chat.message", chatId, message, unread: 1 });
    expect(await tabB.next("chat.message")).toEqual({ type: "chat.message", chatId, message, unread: 0 });
    // The message comes before its ack on the sender's tab.
    const types = tabA.messages.map((m) => m.type);
    expect(types.indexOf("chat.message")).toBeLessThan(types.indexOf("chat.ack"));

    // Support answers over its socket, naming the chat.
    const replyId = randomUUID();
    sendWs(supportTab, { id: replyId, chatId, text: "Answered over the socket" });
    expect(await ackOf(supportTab, replyId)).toMatchObject({ ok: true, message: { senderId: supportId } });
    expect(await nth(tabA, "chat.message", 2)).toMatchObject({ message: { id: replyId }, unread: 1 });

    const page = (await client.get(API.chatMessages)).json();
    expect(page.items.map((m: { text: string }) => m.text)).toEqual(["Over the socket", "Answered over the socket"]);
  });

  it("answers invalid socket sends with acks naming the field, and keeps the socket open", async () => {
    const { client } = await signUpVerified(t.app);
    const [tab, supportTab] = await Promise.all([connect(t.app, client), connect(t.app, admin)]);
    const cases: [Record<string, unknown>, string][] = [
      [{ id: randomUUID(), text: "   " }, "text"],
      [{ id: randomUUID() }, "text"],
      [{ id: randomUUID(), text: "x".repeat(4001) }, "text"],
      [{ id: "not-a-uuid", text: "hello" }, "id"],
      [{ id: randomUUID(), img: "../../etc/passwd" }, "img"],
    ];
    for (const [body, field] of cases) {
      sendWs(tab, body);
      const ack = await ackOf(tab, body.id as string);
      expect(ack).toMatchObject({ ok: false, error: { code: "VALIDATION_FAILED", field } });
    }
    // An image that was never uploaded to this chat.
    const ghost = { id: randomUUID(), img: `${randomUUID()}.png` };
    sendWs(tab, ghost);
    expect(await ackOf(tab, ghost.id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND", field: "img" } });
    // Support must name the chat, and an existing one.
    const noChat = { id: randomUUID(), text: "to whom?" };
    sendWs(supportTab, noChat);
    expect(await ackOf(supportTab, noChat.id)).toMatchObject({
      ok: false,
      error: { code: "VALIDATION_FAILED", field: "chatId" },
    });
    const unknownChat = { id: randomUUID(), chatId: "no-such-chat", text: "hello" };
    sendWs(supportTab, unknownChat);
    expect(await ackOf(supportTab, unknownChat.id)).toMatchObject({ ok: false, error: { code: "NOT_FOUND" } });

    await settle(tab);
    expect(tab.ws.readyState).toBe(tab.ws.OPEN);
    expect(messagesOfType(tab, "chat.message")).toHaveLength(0);
    expect((await client.get(API.chatMessages)).json().items).toEqual([]);
  });

  it("does not let a member send into another member's chat over the socket", async () => {
    const victim = await signUpVerified(t.app);
    const { client } = await signUpVerified(t.app);
    const victimChatId = chatIdOf(victim.member.uid, supportId);
    const [tab, victimTab] = await Promise.all([connect(t.app, client), connect(t.app, victim.client)]);
    const id = randomUUID();
    sendWs(tab, { id, chatId: victimChatId, text: "let me in" });
    expect(await ackOf(tab, id)).toEqual({
      type: "chat.ack",
      id,
      ok: false,
      error: { code: "NOT_FOUND", message: "Chat not found" },
    });
    await settle(victimTab);
    expect(messagesOfType(victimTab, "chat.message")).toHaveLength(0);
    expect((await victim.client.get(API.chatMessages)).json().items).toEqual([]);
  });

  it("lets only the roles that answer the inbox answer over the socket", async () => {
    const { member } = await signUpVerified(t.app);
    const auditor = await signUpVerified(t.app);
    await makeStaff(t.app, auditor.member.uid, ["auditor"]);
    const tab = await connect(t.app, auditor.client);
    const id = randomUUID();
    sendWs(tab, { id, chatId: chatIdOf(member.uid, supportId), text: "hello from the auditor" });
    expect(await ackOf(tab, id)).toEqual({
      type: "chat.ack",
      id,
      ok: false,
      error: { code: "STAFF_ROLE_REQUIRED", message: "Answering members needs the Owner or Support role." },
    });
    const chatId = (await admin.get(API.adminMemberChat(member.uid))).json().chatId;
    expect((await admin.get(API.adminChatMessages(chatId))).json().items).toEqual([]);
  });

  it("stores a retried socket send once, and acks each try with the stored message", async () => {
    const { client } = await signUpVerified(t.app);
    const [tab, supportTab] = await Promise.all([connect(t.app, client), connect(t.app, admin)]);
    const id = randomUUID();
    sendWs(tab, { id, text: "once" });
    sendWs(tab, { id, text: "once" });
    await waitFor(() => messagesOfType(tab, "chat.ack").filter((m) => m.id === id).length === 2, 5000, "two acks");
    const acks = messagesOfType(tab, "chat.ack").filter((m) => m.id === id);
    expect(acks.map((a) => a.ok)).toEqual([true, true]);
    expect(acks[1]?.message).toEqual(acks[0]?.message);
    // The same id over HTTP is the same message too.
    expect((await client.post(API.chatMessages, { id, text: "once" })).statusCode).toBe(200);
    await settle(tab);
    await settle(supportTab);
    expect(messagesOfType(tab, "chat.message")).toHaveLength(1);
    expect(
      messagesOfType(supportTab, "chat.message").filter((m) => (m.message as { id: string }).id === id),
    ).toHaveLength(1);
    expect((await client.get(API.chatMessages)).json().items).toHaveLength(1);
    // Someone else's id is refused.
    const other = await signUpVerified(t.app);
    const otherTab = await connect(t.app, other.client);
    sendWs(otherTab, { id, text: "mine now" });
    expect(await ackOf(otherTab, id)).toMatchObject({ ok: false, error: { code: "CONFLICT", field: "id" } });
  });

  it("limits socket sends per user like the POST route", async () => {
    const { client } = await signUpVerified(t.app);
    const tab = await connect(t.app, client);
    const limit = t.app.services.config.chatRateLimit;
    const ids = Array.from({ length: limit + 1 }, () => randomUUID());
    for (const [i, id] of ids.entries()) sendWs(tab, { id, text: `m${i}` });
    // One user's sends are checked against the limit in turn, each storing a message: the last of
    // the burst is acked long after the first on a loaded machine.
    const acks = await Promise.all(ids.map((id) => ackOf(tab, id, 20_000)));
    expect(acks.filter((a) => a.ok)).toHaveLength(limit);
    const refused = acks.filter((a) => !a.ok);
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ error: { code: "RATE_LIMITED" } });
    expect((await client.get(API.chatMessages)).json().items).toHaveLength(limit);
  });

  it("gives support a member's chat id (creating the chat), for admins only", async () => {
    const { client, member } = await signUpVerified(t.app);
    const res = await admin.get(`/api/admin/chats/member/${member.uid}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ chatId: chatIdOf(member.uid, supportId) });
    expect((await admin.get(API.adminChat(chatIdOf(member.uid, supportId)))).statusCode).toBe(200);
    expect((await client.get(`/api/admin/chats/member/${member.uid}`)).statusCode).toBe(404);
    expect((await admin.get("/api/admin/chats/member/no-such-member")).statusCode).toBe(404);
  });
});

const RATE_LIMIT = 5;

describe.runIf(redisTestsEnabled && databaseKinds.includes("postgres"))(
  "chat across two instances (PostgreSQL + Redis)",
  () => {
    let database: Database;
    let a: TestApp;
    let b: TestApp;
    let probe: Redis;
    let prefix: string;
    beforeAll(async () => {
      // Instances of one deployment share the database, Redis (and its prefix) and the auth secret.
      const env = {
        REDIS_URL: requireRedisUrl(),
        REDIS_PREFIX: testRedisPrefix(),
        AUTH_SECRET: randomBytes(32).toString("hex"),
        CHAT_RATE_LIMIT: String(RATE_LIMIT),
      };
      prefix = env.REDIS_PREFIX;
      probe = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
      database = await openTestDatabase("postgres");
      a = await createTestApp("postgres", { database, env });
      b = await createTestApp("postgres", { database, env });
      await a.app.listen({ port: 0, host: "127.0.0.1" });
      await b.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      await a?.close();
      await b?.close();
      await database?.close();
      await probe?.quit();
    });

    const subscribed = async (uid: string) => {
      await waitFor(
        async () => Number(((await probe.pubsub("NUMSUB", `${prefix}user:${uid}`)) as [string, number])[1]) >= 1,
      );
    };

    it("delivers a member's message on B to support's tab on A, and the answer back", async () => {
      expect(a.app.services.bus.kind).toBe("redis");
      const { client: onA, member } = await signUpVerified(a.app);
      const onB = new Client(b.app);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      const admin = await signInAdmin(a.app);
      const supportId = (await admin.get(API.me)).json().uid;
      const chatId = chatIdOf(member.uid, supportId);

      const supportTab = await connect(a.app, admin);
      const memberTab = await connect(b.app, onB);
      await subscribed(supportId);
      await subscribed(member.uid);

      const sent = (await onB.post(API.chatMessages, { text: "Hello from B" })).json();
      expect(await supportTab.next("chat.message")).toEqual({ type: "chat.message", chatId, message: sent, unread: 1 });

      const reply = (await admin.post(API.adminChatMessages(chatId), { text: "Hello from A" })).json();
      expect(await nth(memberTab, "chat.message", 2)).toEqual({
        type: "chat.message",
        chatId,
        message: reply,
        unread: 1,
      });

      memberTab.ws.send(JSON.stringify({ type: "chat.typing", chatId, typing: true }));
      expect(await supportTab.next("chat.typing")).toMatchObject({ chatId, side: "member", typing: true });

      // The same chat is seen from either instance.
      expect((await onA.get(API.chatMessages)).json().items.map((m: { text: string }) => m.text)).toEqual([
        "Hello from B",
        "Hello from A",
      ]);
    });

    it("counts a member's sending on both instances against one limit", async () => {
      const { client: onA } = await signUpVerified(a.app);
      const onB = new Client(b.app);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      const statuses: number[] = [];
      for (let i = 0; i < RATE_LIMIT; i++)
        statuses.push((await (i % 2 ? onB : onA).post(API.chatMessages, { text: `m${i}` })).statusCode);
      expect(statuses).toEqual(Array(RATE_LIMIT).fill(201));
      const limited = await onB.post(API.chatMessages, { text: "one too many" });
      expect(limited.statusCode).toBe(429);
      expect((await onA.post(API.chatMessages, { text: "still too many" })).statusCode).toBe(429);
    });

    it("counts a burst of socket sends on both instances, checked side by side, exactly against one limit", async () => {
      const { client: onA } = await signUpVerified(a.app);
      const onB = new Client(b.app);
      for (const [k, v] of onA.cookies) onB.cookies.set(k, v);
      const tabs = [await connect(a.app, onA), await connect(b.app, onB)];
      const sends = Array.from({ length: RATE_LIMIT * 3 }, (_, i) => ({
        tab: tabs[i % 2] as TestSocket,
        id: randomUUID(),
      }));
      for (const [i, { tab, id }] of sends.entries()) sendWs(tab, { id, text: `burst ${i}` });
      const acks = await Promise.all(sends.map(({ tab, id }) => ackOf(tab, id)));
      expect(acks.filter((ack) => ack.ok)).toHaveLength(RATE_LIMIT);
      for (const refused of acks.filter((ack) => !ack.ok))
        expect(refused).toMatchObject({ error: { code: "RATE_LIMITED" } });
      expect((await onA.get(API.chatMessages)).json().items).toHaveLength(RATE_LIMIT);
    });
  },
);
