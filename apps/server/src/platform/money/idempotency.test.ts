import net from "node:net";
import { API, fromCents, priceToUnits } from "@helio/shared";
import { type SQL, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  ORIGIN,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
  waitFor,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, moneyApp, readyMember } from "../../../test/money.ts";
import { moneyTransaction, postTransaction } from "../../modules/ledger/index.ts";
import { differingFields } from "./idempotency.ts";

/**
 * The idempotency rule (platform/money/idempotency.ts), proved on every money endpoint that takes
 * an Idempotency-Key: a replay answers the first status and body; another request under a used key
 * is a 409 naming the key; a double submit has one effect; a retry after a dropped connection gets
 * the original result. Every test ends with the ledger verification.
 */

type Sender = { client: Client; member: string };
type Endpoint = {
  name: string;
  status: number;
  /** A member ready for this request (funded, KYC'd, priced…), and who sends it. */
  prepare(t: TestApp, admin: Client): Promise<Sender>;
  url(member: string): string;
  body: Record<string, unknown>;
  /** The same endpoint asked for something else (null: the request has no body to differ). */
  other: Record<string, unknown> | null;
  /** How many records or movements this endpoint made for the member. */
  effects(member: string): SQL;
};

const ledgerKinds = (member: string, kind: string) =>
  sql`select count(*)::int as n from ledger_transactions where kind = ${kind} and reference_id = ${member}`;

const endpoints: Endpoint[] = [
  {
    name: "deposit",
    status: 201,
    prepare: async (t) => signUpVerified(t.app).then(({ client, member }) => ({ client, member: member.uid })),
    url: () => API.deposits,
    body: { amountMicrocents: apiCents(5_000) },
    other: { amountMicrocents: apiCents(6_000) },
    effects: (m) => sql`select count(*)::int as n from deposit_invoices where user_id = ${m}`,
  },
  {
    name: "withdrawal",
    status: 201,
    prepare: async (t, admin) => {
      const { client, member } = await readyMember(t.app, admin);
      await fundWallet(admin, member.uid, 50_000);
      return { client, member: member.uid };
    },
    url: () => API.withdrawals,
    body: { amountMicrocents: apiCents(10_000) },
    other: { amountMicrocents: apiCents(12_000) },
    effects: (m) => sql`select count(*)::int as n from withdrawals where user_id = ${m}`,
  },
  {
    name: "trade",
    status: 201,
    prepare: async (t) => {
      await t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
      const { client, member } = await signUpVerified(t.app);
      return { client, member: member.uid };
    },
    url: () => API.trades,
    body: { symbol: "BTC", direction: "up", amountMicrocents: apiCents(1_000), durationSeconds: 30 },
    other: { symbol: "BTC", direction: "down", amountMicrocents: apiCents(1_000), durationSeconds: 30 },
    effects: (m) => sql`select count(*)::int as n from trade_contracts where user_id = ${m}`,
  },
  {
    name: "balance adjustment (admin)",
    status: 200,
    prepare: async (t, admin) => ({ client: admin, member: (await signUpVerified(t.app)).member.uid }),
    url: (m) => API.adminMemberAdjust(m),
    body: { account: "wallet", amountMicrocents: apiCents(2_500), reason: "Goodwill credit" },
    other: { account: "wallet", amountMicrocents: apiCents(25_000), reason: "Goodwill credit" },
    effects: (m) => ledgerKinds(m, "adjustment"),
  },
  {
    name: "demo reset (member)",
    status: 200,
    prepare: async (t) => {
      const { client, member } = await signUpVerified(t.app);
      await spendDemo(t, member.uid);
      return { client, member: member.uid };
    },
    url: () => API.walletDemoReset,
    body: {},
    other: null,
    effects: (m) => ledgerKinds(m, "demo_reset"),
  },
  {
    name: "demo reset (admin)",
    status: 200,
    prepare: async (t, admin) => {
      const { member } = await signUpVerified(t.app);
      await spendDemo(t, member.uid);
      return { client: admin, member: member.uid };
    },
    url: (m) => API.adminMemberDemoReset(m),
    body: {},
    other: null,
    effects: (m) => ledgerKinds(m, "demo_reset"),
  },
];

/** Moves some demo money away, so that a reset has something to move back. */
async function spendDemo(t: TestApp, uid: string) {
  await moneyTransaction(t.database.db, (tx) =>
    postTransaction(tx, {
      kind: "trade_stake",
      idempotencyKey: `idem-spend-${uid}`,
      legs: [
        { account: { userId: uid, account: "demo" }, amount: -fromCents(2_500) },
        { account: { system: "demo_issuer" }, amount: fromCents(2_500) },
      ],
    }),
  );
}

let keys = 0;
const newKey = () => `idem-test-${Date.now()}-${++keys}`;
/** The body as the client reads it; the `replayed` flag some bodies carry is the one thing a replay changes. */
const answerOf = (res: LightMyRequestResponse) => {
  const { replayed: _, ...body } = res.json() as Record<string, unknown>;
  return { status: res.statusCode, body };
};

describe("differingFields", () => {
  it("names the fields whose values differ, a missing one counting as null", () => {
    expect(differingFields({ a: 1, b: "x" }, { a: 1, b: "y" })).toEqual(["b"]);
    expect(differingFields({ a: 1 }, { a: 1, c: null })).toEqual([]);
    expect(differingFields({ b: 2, a: 1 }, { a: 3, c: true })).toEqual(["a", "b", "c"]);
  });

  it("compares amounts in microcents by value", () => {
    expect(differingFields({ amount: fromCents(5_000) }, { amount: 5_000_000_000n })).toEqual([]);
    expect(differingFields({ amount: fromCents(5_000) }, { amount: fromCents(5_000) + 1n })).toEqual(["amount"]);
  });
});

describe.each(databaseKinds)("idempotent money requests on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let port: number;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    port = (t.app.server.address() as net.AddressInfo).port;
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (s: Sender, e: Endpoint, key: string, body = e.body) =>
    s.client.request({ method: "POST", url: e.url(s.member), json: body, headers: { "idempotency-key": key } });
  const effects = async (e: Endpoint, member: string) =>
    (await queryRows<{ n: number }>(t.database, e.effects(member)))[0]?.n ?? 0;

  describe.each(endpoints)("$name", (e) => {
    it("answers a replay with the first status and body, and has one effect", async () => {
      const sender = await e.prepare(t, admin);
      const key = newKey();
      const first = await send(sender, e, key);
      expect(first.statusCode, first.body).toBe(e.status);
      const replay = await send(sender, e, key);
      expect(answerOf(replay)).toEqual(answerOf(first));
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(first.headers["idempotent-replayed"]).toBeUndefined();
      expect(await effects(e, sender.member)).toBe(1);
    });

    it.runIf(e.other)("refuses a different request under a used key with 409 naming the key", async () => {
      const sender = await e.prepare(t, admin);
      const key = newKey();
      expect((await send(sender, e, key)).statusCode).toBe(e.status);
      const conflict = await send(sender, e, key, e.other ?? {});
      expectError(conflict, 409, "IDEMPOTENCY_CONFLICT", "Idempotency-Key");
      expect(conflict.json().error.message).toContain("Idempotency-Key");
      expect(await effects(e, sender.member)).toBe(1);
    });

    it("has one effect when the same request is submitted twice at once", async () => {
      const sender = await e.prepare(t, admin);
      const key = newKey();
      const [a, b] = await Promise.all([send(sender, e, key), send(sender, e, key)]);
      expect([a.statusCode, b.statusCode], `${a.body} ${b.body}`).toEqual([e.status, e.status]);
      expect(answerOf(a)).toEqual(answerOf(b));
      expect(await effects(e, sender.member)).toBe(1);
    });

    it("answers a retry after a dropped connection with the original result", async () => {
      const sender = await e.prepare(t, admin);
      const key = newKey();
      // The first request reaches the server over a real socket; the client never reads the
      // answer: it drops the connection once the server has done the work.
      const payload = JSON.stringify(e.body);
      const socket = net.connect(port, "127.0.0.1");
      await new Promise<void>((resolve) => socket.once("connect", resolve));
      socket.write(
        [
          `POST ${e.url(sender.member)} HTTP/1.1`,
          `host: 127.0.0.1:${port}`,
          `origin: ${ORIGIN}`,
          `cookie: ${sender.client.cookieHeader}`,
          "content-type: application/json",
          `content-length: ${Buffer.byteLength(payload)}`,
          `idempotency-key: ${key}`,
          "",
          payload,
        ].join("\r\n"),
      );
      await waitFor(async () => (await effects(e, sender.member)) === 1, 10_000, "the first request's effect");
      socket.destroy();
      const retry = await send(sender, e, key);
      expect(retry.statusCode, retry.body).toBe(e.status);
      expect(retry.headers["idempotent-replayed"]).toBe("true");
      expect(answerOf(await send(sender, e, key))).toEqual(answerOf(retry));
      expect(await effects(e, sender.member)).toBe(1);
    });
  });

  it("keeps one member's keys apart from another's", async () => {
    const e = endpoints[0] as Endpoint;
    const [a, b] = [await e.prepare(t, admin), await e.prepare(t, admin)];
    const key = newKey();
    const first = await send(a, e, key);
    const second = await send(b, e, key, { amountMicrocents: apiCents(7_000) });
    expect([first.statusCode, second.statusCode]).toEqual([201, 201]);
    expect(second.json().id).not.toBe(first.json().id);
  });
});
