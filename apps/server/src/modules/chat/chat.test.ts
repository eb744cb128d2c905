import { randomUUID } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { API, chatIdOf } from "@helio/shared";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  multipartFile,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { type Executor, openDatabase } from "../../db/client.ts";
import { commitChatAsynchronously, sendTextMessage } from "./queries.ts";

type IndexEntry = {
  user_id: string;
  other_uid: string;
  other_display_name: string;
  last_message_text: string | null;
  last_message_has_image: boolean;
  date: Date | string;
  unread: number;
};

const png = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: "#f15a29" } })
    .png()
    .toBuffer();
const fieldsOf = (res: { json(): { error: { fields?: { field: string }[] } } }) =>
  (res.json().error.fields ?? []).map((f) => f.field).sort();

describe.each(databaseKinds)("support chat on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let supportId: string;
  let pngData: Buffer;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signInAdmin(t.app);
    supportId = (await admin.get(API.me)).json().uid;
    pngData = await png();
  });
  afterAll(async () => t?.close());

  const indexOf = (chatId: string) =>
    queryRows<IndexEntry>(t.database, sql`select * from user_chats where chat_id = ${chatId} order by user_id`);
  const upload = (client: Client, url: string, file: { filename: string; contentType: string; data: Buffer }) => {
    const { payload, headers } = multipartFile(file);
    return client.request({ method: "POST", url, payload, headers });
  };
  const send = (client: Client, body: unknown) => client.post(API.chatMessages, body);

  it("creates the chat and both index entries on first load, once", async () => {
    const { client, member } = await signUpVerified(t.app);
    expect(await indexOf(chatIdOf(member.uid, supportId))).toEqual([]);
    expect((await client.get(API.chatUnread)).json()).toEqual({ unread: 0 }); // does not create anything

    const res = await client.get(API.chat);
    expect(res.statusCode).toBe(200);
    const chat = res.json();
    const expectedId = member.uid > supportId ? member.uid + supportId : supportId + member.uid;
    expect(chat).toEqual({
      id: expectedId,
      member: { uid: member.uid, displayName: "Ada Lovelace", photoURL: null },
      support: { uid: supportId, displayName: "Helio Support", photoURL: null },
      unread: 0,
      otherReadAt: null,
    });
    expect((await client.get(API.chat)).json().id).toBe(expectedId);
    const entries = await indexOf(expectedId);
    expect(entries).toHaveLength(2);
    const mine = entries.find((e) => e.user_id === member.uid);
    const theirs = entries.find((e) => e.user_id === supportId);
    expect(mine).toMatchObject({ other_uid: supportId, other_display_name: "Helio Support", last_message_text: null });
    expect(theirs).toMatchObject({ other_uid: member.uid, other_display_name: "Ada Lovelace", unread: 0 });
    expect((await client.get(API.chatMessages)).json()).toEqual({ items: [], hasMore: false });
  });

  it("sends a message and updates both users' index entries", async () => {
    const { client, member } = await signUpVerified(t.app);
    const res = await send(client, { text: "  Hello, I need help with a deposit  " });
    expect(res.statusCode).toBe(201);
    const message = res.json();
    const chatId = chatIdOf(member.uid, supportId);
    expect(message).toMatchObject({
      chatId,
      senderId: member.uid,
      text: "Hello, I need help with a deposit",
      img: null,
    });
    expect(message.id).toMatch(/^[0-9a-f-]{36}$/);

    const entries = await indexOf(chatId);
    expect(entries).toHaveLength(2); // created on the way, even without a first load
    for (const entry of entries) {
      expect(entry.last_message_text).toBe("Hello, I need help with a deposit");
      expect(new Date(entry.date).toISOString()).toBe(message.date);
    }
    expect(entries.find((e) => e.user_id === supportId)?.unread).toBe(1);
    expect(entries.find((e) => e.user_id === member.uid)?.unread).toBe(0);

    const reply = await admin.post(API.adminChatMessages(chatId), { text: "Happy to help." });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({ senderId: supportId, text: "Happy to help." });
    const after = await indexOf(chatId);
    for (const entry of after) expect(entry.last_message_text).toBe("Happy to help.");
    expect(after.find((e) => e.user_id === member.uid)?.unread).toBe(1);
    expect(after.find((e) => e.user_id === supportId)?.unread).toBe(1);
    expect((await client.get(API.chatUnread)).json()).toEqual({ unread: 1 });

    const page = (await client.get(API.chatMessages)).json();
    expect(page.items.map((m: { text: string }) => m.text)).toEqual([
      "Hello, I need help with a deposit",
      "Happy to help.",
    ]);
  });

  it("writes the message and both index entries in one transaction: all or nothing", async () => {
    const { client } = await signUpVerified(t.app);
    const chatId = (await client.get(API.chat)).json().id;
    expect((await send(client, { text: "first" })).statusCode).toBe(201);
    const before = await indexOf(chatId);

    // The support side's entry refuses the next update: the message and the member's entry must not change.
    const fn = `chat_fail_${randomUUID().replaceAll("-", "")}`;
    await t.database.db.execute(
      sql.raw(`CREATE FUNCTION ${fn}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN
        IF NEW.user_id = '${supportId}' AND NEW.chat_id = '${chatId}' THEN RAISE EXCEPTION 'refused'; END IF;
        RETURN NEW; END $$`),
    );
    await t.database.db.execute(
      sql.raw(`CREATE TRIGGER ${fn} BEFORE UPDATE ON user_chats FOR EACH ROW EXECUTE FUNCTION ${fn}()`),
    );
    try {
      const failed = await send(client, { text: "second" });
      expect(failed.statusCode).toBe(500);
      expect(failed.json().error.code).toBe("INTERNAL");
    } finally {
      await t.database.db.execute(sql.raw(`DROP TRIGGER ${fn} ON user_chats`));
      await t.database.db.execute(sql.raw(`DROP FUNCTION ${fn}()`));
    }
    expect(await indexOf(chatId)).toEqual(before);
    const texts = (await client.get(API.chatMessages)).json().items.map((m: { text: string }) => m.text);
    expect(texts).toEqual(["first"]);
  });

  it("commits chat messages asynchronously, that transaction only", async () => {
    const { client, member } = await signUpVerified(t.app);
    const chatId = (await client.get(API.chat)).json().id;
    // One connection, so "after" is asked on the very session that committed the message.
    const own =
      kind === "pglite"
        ? t.database
        : await openDatabase({ kind: "postgres", url: (t.database as { url?: string }).url ?? "", poolSize: 1 });
    const commitMode = async (executor: Executor) =>
      (
        (await executor.execute(sql`select current_setting('synchronous_commit') as mode`)) as unknown as {
          rows: { mode: string }[];
        }
      ).rows[0]?.mode;
    try {
      expect(await commitMode(own.db)).toBe("on");
      const inside = await own.db.transaction(async (tx) => {
        const sent = await sendTextMessage(tx, {
          id: randomUUID(),
          chatId,
          senderId: member.uid,
          recipientId: supportId,
          text: "async",
        });
        expect(sent.status).toBe("sent");
        return commitMode(tx);
      });
      expect(inside).toBe("off");
      // The image path (a transaction of several statements) asks for the same.
      expect(
        await own.db.transaction(async (tx) => {
          await commitChatAsynchronously(tx);
          return commitMode(tx);
        }),
      ).toBe("off");
      // A money movement on this connection next commits synchronously again.
      expect(await own.db.transaction((tx) => commitMode(tx))).toBe("on");
      expect(await commitMode(own.db)).toBe("on");
    } finally {
      if (own !== t.database) await own.close();
    }
    const texts = (await client.get(API.chatMessages)).json().items.map((m: { text: string }) => m.text);
    expect(texts).toEqual(["async"]);
  });

  it("keeps the index exact under concurrent sends from both sides", async () => {
    const { client, member } = await signUpVerified(t.app);
    const chatId = (await client.get(API.chat)).json().id;
    const results = await Promise.all([
      ...Array.from({ length: 12 }, (_, i) => send(client, { text: `m${i}` })),
      ...Array.from({ length: 8 }, (_, i) => admin.post(API.adminChatMessages(chatId), { text: `s${i}` })),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const page = (await client.get(`${API.chatMessages}?limit=100`)).json();
    expect(page.items).toHaveLength(20);
    const newest = page.items[19];
    const entries = await indexOf(chatId);
    expect(entries.find((e) => e.user_id === supportId)?.unread).toBe(12);
    expect(entries.find((e) => e.user_id === member.uid)?.unread).toBe(8);
    for (const entry of entries) {
      expect(entry.last_message_text).toBe(newest.text);
      expect(new Date(entry.date).toISOString()).toBe(newest.date);
    }
  });

  it("validates messages and names the field", async () => {
    const { client } = await signUpVerified(t.app);
    for (const body of [{}, { text: "" }, { text: "   \n  " }]) {
      const res = await send(client, body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("VALIDATION_FAILED");
      expect(fieldsOf(res)).toEqual(["text"]);
    }
    const long = await send(client, { text: "x".repeat(4001) });
    expect(long.statusCode).toBe(400);
    expect(fieldsOf(long)).toEqual(["text"]);
    expect(long.json().error.message).toContain("4,000");
    expect((await send(client, { text: "x".repeat(4000) })).statusCode).toBe(201);

    const badImage = await send(client, { image: "../../etc/passwd" });
    expect(badImage.statusCode).toBe(400);
    expect(fieldsOf(badImage)).toEqual(["image"]);
    const unknownImage = await send(client, { image: `${randomUUID()}.png` });
    expect(unknownImage.statusCode).toBe(404);
    expect(fieldsOf(unknownImage)).toEqual(["image"]);
    const badId = await send(client, { id: "not-a-uuid", text: "hi" });
    expect(badId.statusCode).toBe(400);
    expect(fieldsOf(badId)).toEqual(["id"]);
    expect((await client.get(API.chatMessages)).json().items).toHaveLength(1);
  });

  it("stores a retried message once, and refuses another sender's id", async () => {
    const { client } = await signUpVerified(t.app);
    const id = randomUUID();
    const first = await send(client, { id, text: "once" });
    expect(first.statusCode).toBe(201);
    const again = await send(client, { id, text: "once" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(first.json());
    expect((await client.get(API.chatMessages)).json().items).toHaveLength(1);
    const other = await signUpVerified(t.app);
    const stolen = await send(other.client, { id, text: "mine" });
    expect(stolen.statusCode).toBe(409);
    expect(fieldsOf(stolen)).toEqual(["id"]);
  });

  it("uploads images checked by content and serves them only to the chat's parties", async () => {
    const { client, member } = await signUpVerified(t.app);
    const up = await upload(client, API.chatImages, { filename: "shot.png", contentType: "image/png", data: pngData });
    expect(up.statusCode).toBe(201);
    const { image, url } = up.json();
    expect(image).toMatch(/^[0-9a-f-]{36}\.png$/);
    expect(url).toBe(API.chatImage(image));
    expect(fs.existsSync(path.join(t.config.dataDir, "files", "chat", image))).toBe(true);

    const sent = await send(client, { image });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toMatchObject({ text: "", img: url });
    const chatId = chatIdOf(member.uid, supportId);
    const entry = (await indexOf(chatId)).find((e) => e.user_id === supportId);
    expect(entry).toMatchObject({ last_message_text: "", last_message_has_image: true });
    // An image goes with one message only.
    expect((await send(client, { image, text: "again" })).statusCode).toBe(404);

    const mine = await client.get(url);
    expect(mine.statusCode).toBe(200);
    expect(mine.headers["content-type"]).toBe("image/png");
    expect((await sharp(mine.rawPayload).metadata()).width).toBe(64);
    expect((await admin.get(url)).statusCode).toBe(200);
    const stranger = await signUpVerified(t.app);
    expect((await stranger.client.get(url)).statusCode).toBe(404);
    expect((await new Client(t.app).get(url)).statusCode).toBe(401);
    expect((await client.get(API.chatImage(`${randomUUID()}.png`))).statusCode).toBe(404);
    expect((await client.get(API.chatImage("passwd"))).statusCode).toBe(400);
    // Another member cannot send it either.
    expect((await send(stranger.client, { image })).statusCode).toBe(404);

    // Support answers with an image too.
    const adminUp = await upload(admin, API.adminChatImages(chatId), {
      filename: "a.gif",
      contentType: "image/gif",
      data: await sharp({ create: { width: 8, height: 8, channels: 3, background: "#000" } })
        .gif()
        .toBuffer(),
    });
    expect(adminUp.statusCode).toBe(201);
    const adminSent = await admin.post(API.adminChatMessages(chatId), { text: "see", image: adminUp.json().image });
    expect(adminSent.statusCode).toBe(201);
    const gif = await client.get(adminSent.json().img);
    expect(gif.statusCode).toBe(200);
    expect(gif.headers["content-type"]).toBe("image/gif");
  });

  it("refuses wrong image types, empty uploads and images over 5 MB", async () => {
    const { client } = await signUpVerified(t.app);
    const text = await upload(client, API.chatImages, {
      filename: "x.png",
      contentType: "image/png",
      data: Buffer.from("definitely not an image, just text pretending"),
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().error.code).toBe("UNSUPPORTED_FILE");
    expect(fieldsOf(text)).toEqual(["file"]);
    // The field's message is a sentence a member reads; the summary names the field for API clients.
    expect(text.json().error.fields[0].message).toBe("This file is not a JPEG, PNG, WebP or GIF image");
    expect(text.json().error.message).toBe("file: This file is not a JPEG, PNG, WebP or GIF image");

    const pdf = await upload(client, API.chatImages, {
      filename: "x.jpg",
      contentType: "image/jpeg",
      data: Buffer.from("%PDF-1.7\n1 0 obj\n<<>>\nendobj\ntrailer\n<<>>\n%%EOF\n"),
    });
    expect(pdf.statusCode).toBe(400);
    expect(pdf.json().error.code).toBe("UNSUPPORTED_FILE");

    const broken = Buffer.concat([pngData.subarray(0, 64), Buffer.alloc(2048, 7)]);
    const brokenRes = await upload(client, API.chatImages, {
      filename: "b.png",
      contentType: "image/png",
      data: broken,
    });
    expect(brokenRes.statusCode).toBe(400);
    expect(brokenRes.json().error.code).toBe("UNSUPPORTED_FILE");

    const big = Buffer.concat([pngData, Buffer.alloc(5 * 1024 * 1024 + 1 - pngData.length, 1)]);
    const bigRes = await upload(client, API.chatImages, { filename: "big.png", contentType: "image/png", data: big });
    expect(bigRes.statusCode).toBe(413);
    expect(bigRes.json().error.code).toBe("PAYLOAD_TOO_LARGE");

    const none = await client.post(API.chatImages, {});
    expect(none.statusCode).toBe(400);
    expect(fieldsOf(none)).toEqual(["file"]);
  });

  it("keeps other people's chats away: members get 404 from the inbox, admins from the member chat", async () => {
    const owner = await signUpVerified(t.app);
    await send(owner.client, { text: "private" });
    const chatId = chatIdOf(owner.member.uid, supportId);
    const { client } = await signUpVerified(t.app);
    for (const res of [
      await client.get(API.adminChats),
      await client.get(API.adminChat(chatId)),
      await client.get(API.adminChatMessages(chatId)),
      await client.post(API.adminChatMessages(chatId), { text: "hijack" }),
      await client.post(API.adminChatMessages(chatId), {}),
      await client.post(API.adminChatRead(chatId), {}),
      await client.post(API.adminChatImages(chatId), {}),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().error.code).toBe("NOT_FOUND");
    }
    // Their own page never shows someone else's message, even with another chat's cursor.
    const ownerFirst = (await owner.client.get(API.chatMessages)).json().items[0].id;
    expect((await client.get(`${API.chatMessages}?before=${ownerFirst}`)).statusCode).toBe(404);
    expect((await client.get(API.chatMessages)).json().items).toEqual([]);
    // Signed out: 401; the support account has no member chat.
    expect((await new Client(t.app).get(API.chat)).statusCode).toBe(401);
    expect((await admin.get(API.chat)).statusCode).toBe(404);
    expect((await admin.get(API.adminChat(`${chatId}x`))).statusCode).toBe(404);
  });

  it("tracks read state and unread counts on both sides", async () => {
    const { client, member } = await signUpVerified(t.app);
    const chatId = (await client.get(API.chat)).json().id;
    for (const text of ["one", "two", "three"]) await send(client, { text });
    const inbox = (await admin.get(`${API.adminChats}?search=${member.userName}`)).json();
    expect(inbox.items).toHaveLength(1);
    expect(inbox.items[0]).toMatchObject({ chatId, unread: 3, lastMessage: { text: "three", hasImage: false } });
    expect(inbox.unreadTotal).toBeGreaterThanOrEqual(3);

    const detail = (await admin.get(API.adminChat(chatId))).json();
    expect(detail).toMatchObject({
      id: chatId,
      unread: 3,
      otherReadAt: null,
      summary: {
        uid: member.uid,
        fullName: "Ada Lovelace",
        userName: member.userName,
        userTrading: false,
        kycStatus: "not_submitted",
        walletMicrocents: "0",
      },
    });

    const read = await admin.post(API.adminChatRead(chatId), {});
    expect(read.statusCode).toBe(200);
    expect(read.json().unread).toBe(0);
    expect((await admin.get(API.adminChat(chatId))).json().unread).toBe(0);
    expect((await client.get(API.chat)).json().otherReadAt).toBe(read.json().readAt);

    await admin.post(API.adminChatMessages(chatId), { text: "a" });
    await admin.post(API.adminChatMessages(chatId), { text: "b" });
    expect((await client.get(API.chatUnread)).json()).toEqual({ unread: 2 });
    expect((await client.get(API.chat)).json().unread).toBe(2);
    const memberRead = await client.post(API.chatRead, {});
    expect(memberRead.json().unread).toBe(0);
    expect((await client.get(API.chatUnread)).json()).toEqual({ unread: 0 });
    expect((await admin.get(API.adminChat(chatId))).json().otherReadAt).toBe(memberRead.json().readAt);
  });

  it("lists every member chat newest first and searches by member", async () => {
    const a = await signUpVerified(t.app, { firstName: "Zelda" });
    const b = await signUpVerified(t.app, { firstName: "Yorick" });
    await send(a.client, { text: "from a" });
    await send(b.client, { text: "from b" });
    const all = (await admin.get(`${API.adminChats}?pageSize=100`)).json();
    const order = all.items.map((i: { member: { uid: string } }) => i.member.uid);
    expect(order.indexOf(b.member.uid)).toBeLessThan(order.indexOf(a.member.uid));
    const dates = all.items.map((i: { date: string }) => i.date);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(all.total).toBe(all.items.length);

    const found = (await admin.get(`${API.adminChats}?search=zeld`)).json();
    expect(found.items.map((i: { member: { fullName: string } }) => i.member.fullName)).toEqual(["Zelda Lovelace"]);
    expect(found.total).toBe(1);
    expect((await admin.get(`${API.adminChats}?search=${a.member.userName}`)).json().items[0].member.userName).toBe(
      a.member.userName,
    );
    expect((await admin.get(`${API.adminChats}?search=nobody_like_this`)).json()).toMatchObject({
      items: [],
      total: 0,
    });
    expect((await admin.get(`${API.adminChats}?pageSize=1000`)).statusCode).toBe(400);
  });

  it("pages back with the before cursor", async () => {
    const { client } = await signUpVerified(t.app);
    const texts = Array.from({ length: 7 }, (_, i) => `m${i + 1}`);
    for (const text of texts) expect((await send(client, { text })).statusCode).toBe(201);
    const seen: string[] = [];
    let before: string | undefined;
    let pages = 0;
    for (;;) {
      const res = await client.get(`${API.chatMessages}?limit=3${before ? `&before=${before}` : ""}`);
      expect(res.statusCode).toBe(200);
      const page = res.json() as { items: { id: string; text: string }[]; hasMore: boolean };
      pages += 1;
      seen.unshift(...page.items.map((m) => m.text));
      if (!page.hasMore) break;
      before = page.items[0]?.id;
    }
    expect(pages).toBe(3);
    expect(seen).toEqual(texts);
    expect((await client.get(`${API.chatMessages}?before=${randomUUID()}`)).statusCode).toBe(404);
    const bad = await client.get(`${API.chatMessages}?limit=0`);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad)).toEqual(["limit"]);
  });

  it("documents every chat endpoint in the OpenAPI description", async () => {
    const doc = (await new Client(t.app).get("/api/openapi.json")).json();
    for (const p of [
      "/api/chat",
      "/api/chat/unread",
      "/api/chat/messages",
      "/api/chat/read",
      "/api/chat/images",
      "/api/chat/images/{name}",
      "/api/admin/chats",
      "/api/admin/chats/{chatId}",
      "/api/admin/chats/{chatId}/messages",
      "/api/admin/chats/{chatId}/read",
      "/api/admin/chats/{chatId}/images",
    ])
      expect(Object.keys(doc.paths)).toContain(p);
    expect(doc.paths["/api/chat/messages"].post.requestBody).toBeTruthy();
  });
});

describe.each(databaseKinds)("chat rate limit on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CHAT_RATE_LIMIT: "3" } });
  });
  afterAll(async () => t?.close());

  it("limits each member's sending, not everyone's", async () => {
    const a = await signUpVerified(t.app);
    const b = await signUpVerified(t.app);
    for (let i = 0; i < 3; i++) expect((await a.client.post(API.chatMessages, { text: `a${i}` })).statusCode).toBe(201);
    const limited = await a.client.post(API.chatMessages, { text: "a3" });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.code).toBe("RATE_LIMITED");
    // Same address, another member: their own budget.
    expect((await b.client.post(API.chatMessages, { text: "b0" })).statusCode).toBe(201);
    expect((await a.client.get(API.chatMessages)).json().items).toHaveLength(3);
  });
});
