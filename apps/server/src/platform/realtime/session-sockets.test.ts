import { randomBytes, randomUUID } from "node:crypto";
import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { authenticator } from "otplib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  messagesOfType,
  openTestDatabase,
  queryRows,
  redisTestsEnabled,
  requireRedisUrl,
  signIn,
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

const ENDED = { code: 4401, reason: "session ended" };

/** The same browser session as `client`, talking to another instance (or the same one). */
function sameSession(app: TestApp["app"], client: Client) {
  const copy = new Client(app);
  for (const [k, v] of client.cookies) copy.cookies.set(k, v);
  return copy;
}

/** Another signed-in session of the member, from its own "device". */
async function anotherSession(t: TestApp, input: { email: string; password: string }, userAgent = "Other/1.0") {
  const { client, res } = await signIn(t.app, input.email, input.password, new Client(t.app, undefined, { userAgent }));
  expect(res.statusCode).toBe(200);
  return client;
}

const sessionOf = async (client: Client) =>
  (await client.get("/api/auth/get-session")).json().session as { id: string; token: string };

/**
 * The ended socket got nothing after its close, while an event pushed to the member afterwards
 * reached the tab of a session still live (so the event was really sent).
 */
async function receivesNothingMore(t: TestApp, uid: string, ended: TestSocket, live: TestSocket) {
  const before = ended.messages.length;
  const seen = messagesOfType(live, "balances").length;
  await t.app.services.realtime.toUser(uid, { type: "balances", balances: { wallet: 4242n } });
  await waitFor(() => messagesOfType(live, "balances").length > seen, 5000, "the balances on the live tab");
  expect(ended.messages.length).toBe(before);
}

describe.each(databaseKinds)("sockets of ended sessions on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t?.close());

  it("closes the sockets of a session that signs out, at once, and only that session's", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const other = await anotherSession(t, input);
    const [tabA, tabB, otherTab] = [
      await connect(t.app, client),
      await connect(t.app, client),
      await connect(t.app, other),
    ];

    expect((await client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
    expect(await tabA.closed).toEqual(ENDED);
    expect(await tabB.closed).toEqual(ENDED);
    expect(otherTab.ws.readyState).toBe(otherTab.ws.OPEN);
    await receivesNothingMore(t, member.uid, tabA, otherTab);
  });

  it("closes the sockets of a session revoked from another device", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const phone = await anotherSession(t, input, "Phone/2.0");
    const [laptopTab, phoneTab] = [await connect(t.app, client), await connect(t.app, phone)];

    const { token } = await sessionOf(phone);
    expect((await client.post("/api/auth/revoke-session", { token })).statusCode).toBe(200);
    expect(await phoneTab.closed).toEqual(ENDED);
    expect(laptopTab.ws.readyState).toBe(laptopTab.ws.OPEN);
    await receivesNothingMore(t, member.uid, phoneTab, laptopTab);
  });

  it("closes the sockets of every other session when they are revoked together", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const phone = await anotherSession(t, input, "Phone/2.0");
    const tablet = await anotherSession(t, input, "Tablet/3.0");
    const [keptTab, phoneTab, tabletTab] = [
      await connect(t.app, client),
      await connect(t.app, phone),
      await connect(t.app, tablet),
    ];

    expect((await client.post("/api/auth/revoke-other-sessions", {})).statusCode).toBe(200);
    expect(await phoneTab.closed).toEqual(ENDED);
    expect(await tabletTab.closed).toEqual(ENDED);
    expect(keptTab.ws.readyState).toBe(keptTab.ws.OPEN);
    await receivesNothingMore(t, member.uid, phoneTab, keptTab);
  });

  it("closes the other sessions' sockets on a password change that signs them out", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const phone = await anotherSession(t, input, "Phone/2.0");
    const phoneTab = await connect(t.app, phone);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "a-new-password-1",
      revokeOtherSessions: true,
    });
    expect(changed.statusCode).toBe(200);
    expect(await phoneTab.closed).toEqual(ENDED);
    // The changing tab got a new session; its sockets open on it and hear the member's events.
    const fresh = await connect(t.app, client);
    await receivesNothingMore(t, member.uid, phoneTab, fresh);
  });

  it("closes the socket of the session that turning 2FA on, then off, replaces", async () => {
    const { client, input } = await signUpVerified(t.app);
    const before = await connect(t.app, client);
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    expect(enable.statusCode).toBe(200);
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    expect(
      (await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) })).statusCode,
    ).toBe(200);
    expect(await before.closed).toEqual(ENDED);

    const onNewSession = await connect(t.app, client);
    expect((await client.post("/api/auth/two-factor/disable", { password: input.password })).statusCode).toBe(200);
    expect(await onNewSession.closed).toEqual(ENDED);
    await connect(t.app, client); // and the session it was given works
  });

  it("closes the sockets of a session an admin ends: impersonation stopped, member banned", async () => {
    const admin = await signInAdmin(t.app);
    const { client, member, input } = await signUpVerified(t.app);
    const memberTab = await connect(t.app, client);

    // Support signs in as the member; stopping ends that session and closes its socket.
    const link = (await admin.post(API.adminMemberImpersonate(member.uid), {})).json() as { url: string };
    const asMember = await signInAdmin(t.app);
    const token = link.url.split("/").pop();
    expect((await asMember.post(API.impersonationExchange, { username: input.username, token })).statusCode).toBe(200);
    const impersonationTab = await connect(t.app, asMember);
    expect((await asMember.post(API.impersonationStop)).statusCode).toBe(200);
    expect(await impersonationTab.closed).toEqual(ENDED);
    expect(memberTab.ws.readyState).toBe(memberTab.ws.OPEN);

    expect((await admin.post(API.adminMemberStatus(member.uid), { action: "ban" })).statusCode).toBe(200);
    expect((await memberTab.closed).code).toBe(4403);
  });

  it("closes a socket when its session expires, with no message needed", async () => {
    const { client } = await signUpVerified(t.app);
    const tab = await connect(t.app, client);
    const { id } = await sessionOf(client);
    await queryRows(t.database, sql`update session set expires_at = now() + interval '1 second' where id = ${id}`);
    // Whatever the socket does next reads the session and learns its new expiry...
    tab.ws.send(JSON.stringify({ type: "chat.typing", chatId: "anything", typing: true }));
    // ...and at that expiry it is closed by the server, though the tab stays silent.
    expect(await tab.closed).toEqual(ENDED);
  });

  describe("a send on a session whose end has not reached the socket yet", () => {
    // The row is changed behind the server's back: no hook, no bus event, as if the event were
    // still on its way. The send must be refused by the socket's own check, and nothing stored.
    async function refusedAndNotStored(change: (sessionId: string, uid: string) => Promise<unknown>, code: number) {
      const { client, input, member } = await signUpVerified(t.app);
      const witness = await anotherSession(t, input);
      const tab = await connect(t.app, client);
      const { id } = await sessionOf(client);
      await change(id, member.uid);
      const messageId = randomUUID();
      tab.ws.send(JSON.stringify({ type: "chat.send", id: messageId, text: "sent after the end" }));
      expect((await tab.closed).code).toBe(code);
      expect(messagesOfType(tab, "chat.ack")).toEqual([]);
      if (code === 4403)
        await queryRows(t.database, sql`update "user" set user_block = false where id = ${member.uid}`);
      const stored = (await witness.get(API.chatMessages)).json().items as { id: string }[];
      expect(stored.map((m) => m.id)).not.toContain(messageId);
    }

    it("is refused when the session row is gone", async () => {
      await refusedAndNotStored((id) => queryRows(t.database, sql`delete from session where id = ${id}`), 4401);
    });

    it("is refused when the session has expired", async () => {
      await refusedAndNotStored(
        (id) =>
          queryRows(t.database, sql`update session set expires_at = now() - interval '1 second' where id = ${id}`),
        4401,
      );
    });

    it("is refused when the member was blocked", async () => {
      await refusedAndNotStored(
        (_id, uid) => queryRows(t.database, sql`update "user" set user_block = true where id = ${uid}`),
        4403,
      );
    });
  });
});

describe.runIf(redisTestsEnabled && databaseKinds.includes("postgres"))(
  "sockets of ended sessions across two instances (PostgreSQL + Redis)",
  () => {
    let database: Database;
    let a: TestApp;
    let b: TestApp;
    beforeAll(async () => {
      // One deployment: the database, Redis (and its prefix) and the auth secret shared.
      const env = {
        REDIS_URL: requireRedisUrl(),
        REDIS_PREFIX: testRedisPrefix(),
        AUTH_SECRET: randomBytes(32).toString("hex"),
      };
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
    });

    it("closes on instance B the socket of a session signed out on instance A", async () => {
      expect(b.app.services.bus.kind).toBe("redis");
      const { client, input, member } = await signUpVerified(a.app);
      const other = await anotherSession(a, input);
      const onB = await connect(b.app, sameSession(b.app, client));
      const otherOnB = await connect(b.app, sameSession(b.app, other));
      expect((await client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
      expect(await onB.closed).toEqual(ENDED);
      expect(otherOnB.ws.readyState).toBe(otherOnB.ws.OPEN);
      // An event raised on A reaches the live tab on B, and not the ended one.
      await receivesNothingMore(a, member.uid, onB, otherOnB);
    });

    it("closes on both instances the sockets of a session revoked on instance A", async () => {
      const { client, input } = await signUpVerified(a.app);
      const phone = await anotherSession(a, input, "Phone/2.0");
      const phoneOnA = await connect(a.app, phone);
      const phoneOnB = await connect(b.app, sameSession(b.app, phone));
      const { token } = await sessionOf(phone);
      expect((await client.post("/api/auth/revoke-session", { token })).statusCode).toBe(200);
      expect(await phoneOnA.closed).toEqual(ENDED);
      expect(await phoneOnB.closed).toEqual(ENDED);
    });

    it("closes on instance B the other sessions' sockets when A revokes them or the password changes", async () => {
      const { client, input } = await signUpVerified(a.app);
      const phone = await anotherSession(a, input, "Phone/2.0");
      const phoneOnB = await connect(b.app, sameSession(b.app, phone));
      expect((await client.post("/api/auth/revoke-other-sessions", {})).statusCode).toBe(200);
      expect(await phoneOnB.closed).toEqual(ENDED);

      const tablet = await anotherSession(a, input, "Tablet/3.0");
      const tabletOnB = await connect(b.app, sameSession(b.app, tablet));
      const changed = await client.post("/api/auth/change-password", {
        currentPassword: input.password,
        newPassword: "a-new-password-1",
        revokeOtherSessions: true,
      });
      expect(changed.statusCode).toBe(200);
      expect(await tabletOnB.closed).toEqual(ENDED);
    });
  },
);
