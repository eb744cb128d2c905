import { randomBytes } from "node:crypto";
import { API } from "@helio/shared";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  openTestDatabase,
  redisTestsEnabled,
  requireRedisUrl,
  signIn,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
  testRedisPrefix,
  waitFor,
} from "../../../test/helpers.ts";
import type { Database } from "../../db/client.ts";
import { createMemoryBus, createRedisBus, type EventBus } from "./bus.ts";

const connect = socketsClosedAfterEachTest({ awaitReady: false });

describe.each(databaseKinds)("realtime gateway on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await signInAdmin(t.app);
  });
  afterAll(async () => t?.close());

  it("closes a socket without a session with 4401", async () => {
    const socket = await connect(t.app, new Client(t.app));
    expect(await socket.closed).toEqual({ code: 4401, reason: "sign in first" });
    expect(socket.messages).toEqual([]);
    // A forged cookie is no session either.
    const forged = new Client(t.app);
    forged.cookies.set("better-auth.session_token", "not-a-real-token.signature");
    expect((await (await connect(t.app, forged)).closed).code).toBe(4401);
  });

  it("refuses a socket opened from a foreign origin, even with a valid session", async () => {
    const { client } = await signUpVerified(t.app);
    const foreign = new Client(t.app, "https://evil.example");
    for (const [k, v] of client.cookies) foreign.cookies.set(k, v);
    const socket = await connect(t.app, foreign);
    expect(await socket.closed).toEqual({ code: 4403, reason: "origin not allowed" });
    expect(socket.messages).toEqual([]);
  });

  it("greets a signed-in member and answers ping", async () => {
    const { client, member } = await signUpVerified(t.app);
    const socket = await connect(t.app, client);
    expect(await socket.next("ready")).toEqual({ type: "ready", uid: member.uid });
    socket.ws.send("not json");
    socket.ws.send(JSON.stringify({ type: "subscribe", channel: "user:someone-else" }));
    socket.ws.send(JSON.stringify({ type: "ping" }));
    expect(await socket.next("pong")).toEqual({ type: "pong" });
    // Junk was ignored, not answered, and did not close the socket (market ticks reach everyone).
    expect(socket.messages.map((m) => m.type).filter((type) => type !== "ticks")).toEqual(["ready", "pong"]);
    expect(socket.ws.readyState).toBe(socket.ws.OPEN);
  });

  it("pushes a profile change to the member's other tabs, and to nobody else", async () => {
    const { client, member } = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    const tabA = await connect(t.app, client);
    const tabB = await connect(t.app, client);
    const stranger = await connect(t.app, other.client);
    for (const s of [tabA, tabB, stranger]) await s.next("ready");

    expect(
      (await client.put(API.profile, { firstName: "Grace", lastName: "Hopper", currency: "USD" })).statusCode,
    ).toBe(200);
    expect(await tabB.next("member.updated")).toEqual({ type: "member.updated" });
    await tabA.next("member.updated");

    // The stranger's socket got nothing: a ping sent after the update is answered first.
    stranger.ws.send(JSON.stringify({ type: "ping" }));
    await stranger.next("pong");
    expect(stranger.messages.map((m) => m.type).filter((type) => type !== "ticks")).toEqual(["ready", "pong"]);

    // An admin's switch of the trading mode is pushed too.
    tabB.messages.length = 0;
    expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: true })).statusCode).toBe(200);
    await tabB.next("member.updated");
  });

  it("tells a member's open tabs they are blocked and closes them with 4403", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    const tabs = [await connect(t.app, client), await connect(t.app, client)];
    for (const tab of tabs) await tab.next("ready");

    expect((await admin.post(API.adminMemberStatus(member.uid), { action: "block" })).statusCode).toBe(200);
    for (const tab of tabs) {
      expect(await tab.next("account.status")).toEqual({
        type: "account.status",
        userBlock: true,
        userStatus: "active",
      });
      expect((await tab.closed).code).toBe(4403);
    }

    // A new tab of a blocked member is told at once and closed.
    const late = await connect(t.app, client);
    expect((await late.closed).code).toBe(4403);
    expect(late.messages).toEqual([{ type: "account.status", userBlock: true, userStatus: "active" }]);

    // Unblocking ends the old session: its socket is refused; a fresh sign-in connects again.
    await admin.post(API.adminMemberStatus(member.uid), { action: "unblock" });
    expect((await (await connect(t.app, client)).closed).code).toBe(4401);
    const { client: fresh } = await signIn(t.app, input.email, input.password);
    const back = await connect(t.app, fresh);
    expect(await back.next("ready")).toEqual({ type: "ready", uid: member.uid });
  });

  it("closes tabs of a banned member with the banned status", async () => {
    const { client, member } = await signUpVerified(t.app);
    const tab = await connect(t.app, client);
    await tab.next("ready");
    await admin.post(API.adminMemberStatus(member.uid), { action: "ban" });
    expect(await tab.next("account.status")).toEqual({
      type: "account.status",
      userBlock: false,
      userStatus: "banned",
    });
    expect((await tab.closed).code).toBe(4403);
  });

  it("keeps delivering to a member's remaining tab after another one closes", async () => {
    const { client } = await signUpVerified(t.app);
    const first = await connect(t.app, client);
    const second = await connect(t.app, client);
    await first.next("ready");
    await second.next("ready");
    first.ws.close();
    await first.closed;
    await client.put(API.profile, { firstName: "Still", lastName: "Here", currency: "USD" });
    await second.next("member.updated");
  });

  it("delivers messages pushed together to every tab of the member, each as its own frame, in order", async () => {
    const { client, member } = await signUpVerified(t.app);
    const tabs = [await connect(t.app, client), await connect(t.app, client)];
    for (const tab of tabs) await tab.next("ready");
    await t.app.services.realtime.toUser(member.uid, [
      { type: "chat.read", chatId: "first", side: "support", readAt: new Date(0).toISOString() },
      { type: "chat.read", chatId: "second", side: "support", readAt: new Date(0).toISOString() },
    ]);
    for (const tab of tabs) {
      const reads = () => tab.messages.filter((m) => m.type === "chat.read").map((m) => m.chatId);
      await waitFor(() => reads().length === 2, 5000, "two chat.read frames");
      expect(reads()).toEqual(["first", "second"]);
    }
  });
});

describe("event buses", () => {
  const channel = () => `test:${randomBytes(6).toString("hex")}`;

  async function exercise(publisher: EventBus, subscriber: EventBus, subscribed: (ch: string) => Promise<void>) {
    const ch = channel();
    const got1: unknown[] = [];
    const got2: unknown[] = [];
    const off1 = subscriber.subscribe(ch, (m) => got1.push(m));
    const off2 = subscriber.subscribe(ch, (m) => got2.push(m));
    await subscribed(ch);

    const message = { type: "member.updated", nested: { n: 1 }, when: "2026-01-01T00:00:00.000Z" };
    // An amount in microcents travels as its digits, exactly, even past 2⁵³.
    await publisher.publish(ch, { ...message, amountMicrocents: 100_000_000_000_000_001n });
    await waitFor(() => got1.length === 1 && got2.length === 1, 5000, "both handlers");
    expect(got1[0]).toEqual({ ...message, amountMicrocents: "100000000000000001" });
    expect(got1[0]).not.toBe(message); // serialised like across processes

    off1();
    await publisher.publish(ch, { n: 2 });
    await waitFor(() => got2.length === 2, 5000, "the remaining handler");
    expect(got1).toHaveLength(1);

    // After the last handler leaves, nothing arrives; a message on another channel, published
    // later and delivered in order, shows the first one had its chance.
    const other = channel();
    const marker: unknown[] = [];
    const offOther = subscriber.subscribe(other, (m) => marker.push(m));
    await subscribed(other);
    off2();
    await publisher.publish(ch, { n: 3 });
    await publisher.publish(other, { marker: true });
    await waitFor(() => marker.length === 1, 5000, "the marker");
    expect(got2).toHaveLength(2);
    offOther();
  }

  it("memory bus: delivers asynchronously to every handler until it unsubscribes", async () => {
    const bus = createMemoryBus();
    expect(bus.kind).toBe("memory");
    const seen: unknown[] = [];
    bus.subscribe("sync-check", (m) => seen.push(m));
    const published = bus.publish("sync-check", { a: 1 });
    expect(seen).toEqual([]); // not yet: delivery is asynchronous, like Redis
    await published;
    await waitFor(() => seen.length === 1);
    await exercise(bus, bus, async () => {});
    await bus.close();
  });

  describe.runIf(redisTestsEnabled)("redis bus", () => {
    let url: string;
    let probe: Redis;
    const buses: EventBus[] = [];
    beforeAll(() => {
      url = requireRedisUrl();
      probe = new Redis(url, { maxRetriesPerRequest: 1 });
    });
    afterAll(async () => {
      for (const bus of buses) await bus.close();
      await probe?.quit();
    });
    /** Resolves once `count` Redis connections listen on the bus channel. */
    const listeners = (count: number) => async (ch: string) => {
      await waitFor(async () => {
        const [, n] = (await probe.pubsub("NUMSUB", `helio:${ch}`)) as [string, number];
        return Number(n) >= count;
      });
    };

    it("carries messages from one bus to another", async () => {
      const a = await createRedisBus(url);
      const b = await createRedisBus(url);
      buses.push(a, b);
      expect(a.kind).toBe("redis");
      await exercise(a, b, listeners(1));
      // And a bus hears its own messages.
      await exercise(b, b, listeners(1));
    });

    it("keeps deployments with different prefixes apart on one Redis", async () => {
      const prefixA = `helio-test-${randomBytes(4).toString("hex")}:`;
      const prefixB = `helio-test-${randomBytes(4).toString("hex")}:`;
      const a = await createRedisBus(url, prefixA);
      const b = await createRedisBus(url, prefixB);
      buses.push(a, b);
      const ch = channel();
      const heardByB: unknown[] = [];
      b.subscribe(ch, (m) => heardByB.push(m));
      await waitFor(
        async () => Number(((await probe.pubsub("NUMSUB", `${prefixB}${ch}`)) as [string, number])[1]) === 1,
      );
      await a.publish(ch, { from: "a" });
      // Published later on b's own prefix and delivered in order: a's message had its chance first.
      await b.publish(ch, { from: "b" });
      await waitFor(() => heardByB.length >= 1, 5000, "b's own message");
      expect(heardByB).toEqual([{ from: "b" }]);
    });

    it("unsubscribes from Redis when the last handler leaves", async () => {
      const bus = await createRedisBus(url);
      buses.push(bus);
      const ch = channel();
      const off1 = bus.subscribe(ch, () => {});
      const off2 = bus.subscribe(ch, () => {});
      await listeners(1)(ch);
      off1();
      off2();
      await waitFor(async () => Number(((await probe.pubsub("NUMSUB", `helio:${ch}`)) as [string, number])[1]) === 0);
    });
  });
});

describe.runIf(redisTestsEnabled && databaseKinds.includes("postgres"))(
  "realtime across two instances (PostgreSQL + Redis)",
  () => {
    let database: Database;
    let a: TestApp;
    let b: TestApp;
    let bClosed = false;
    let probe: Redis;
    let prefix: string;
    beforeAll(async () => {
      // Instances of one deployment share the database, Redis (and its prefix) and the auth secret.
      const env = {
        REDIS_URL: requireRedisUrl(),
        REDIS_PREFIX: testRedisPrefix(),
        AUTH_SECRET: randomBytes(32).toString("hex"),
      };
      prefix = env.REDIS_PREFIX;
      probe = new Redis(env.REDIS_URL, { maxRetriesPerRequest: 1 });
      database = await openTestDatabase("postgres");
      a = await createTestApp("postgres", { database, env });
      b = await createTestApp("postgres", { database, env });
      await b.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => {
      await a?.close();
      if (!bClosed) await b?.close();
      await database?.close();
      await probe?.quit();
    });

    it("delivers an admin's block on instance A to the member's socket on instance B", async () => {
      expect(a.app.services.bus.kind).toBe("redis");
      const { client, member } = await signUpVerified(a.app);
      const onB = new Client(b.app);
      for (const [k, v] of client.cookies) onB.cookies.set(k, v);
      const socket = await connect(b.app, onB);
      expect(await socket.next("ready")).toEqual({ type: "ready", uid: member.uid });
      await waitFor(
        async () => Number(((await probe.pubsub("NUMSUB", `${prefix}user:${member.uid}`)) as [string, number])[1]) >= 1,
      );

      // The member's own change on A reaches their tab on B.
      await client.put(API.profile, { firstName: "Cross", lastName: "Instance", currency: "USD" });
      await socket.next("member.updated");

      const admin = await signInAdmin(a.app);

      expect((await admin.post(API.adminMemberStatus(member.uid), { action: "block" })).statusCode).toBe(200);
      expect(await socket.next("account.status")).toEqual({
        type: "account.status",
        userBlock: true,
        userStatus: "active",
      });
      expect((await socket.closed).code).toBe(4403);
    });

    it("closes its sockets when an instance shuts down", async () => {
      const { client } = await signUpVerified(a.app);
      const onB = new Client(b.app);
      for (const [k, v] of client.cookies) onB.cookies.set(k, v);
      const socket = await connect(b.app, onB);
      await socket.next("ready");
      bClosed = true;
      await b.close();
      // Closed by @fastify/websocket's preClose (no code, 1005) before the gateway's 1001 could be sent.
      expect([1001, 1005]).toContain((await socket.closed).code);
      // Instance A keeps serving.
      expect((await client.get(API.me)).statusCode).toBe(200);
    });
  },
);
