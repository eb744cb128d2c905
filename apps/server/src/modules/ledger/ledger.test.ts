import { DEMO_GRANT_MICROCENTS, fromCents } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  createTestApp,
  databaseKinds,
  openTestDatabase,
  queryRows,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { expectSoundLedger } from "../../../test/money.ts";
import {
  getMemberBalances,
  type Movement,
  memberHistory,
  moneyTransaction,
  postTransaction,
  postTransactions,
} from "./index.ts";

/** Movements of `amount` microcents: `fromCents(12_345)` is 123.45 USD. */
const fund = (userId: string, amount: bigint, key: string): Movement => ({
  kind: "adjustment",
  idempotencyKey: key,
  legs: [
    { account: { system: "adjustments" }, amount: -amount },
    { account: { userId, account: "wallet" }, amount },
  ],
});
const spend = (userId: string, amount: bigint, key: string): Movement => ({
  kind: "trade_stake",
  idempotencyKey: key,
  legs: [
    { account: { userId, account: "wallet" }, amount: -amount },
    { account: { system: "trading_house" }, amount },
  ],
});

describe.each(databaseKinds)("ledger on %s", (kind) => {
  let t: TestApp;
  let uid: string;
  beforeAll(async () => {
    t = await createTestApp(kind);
    uid = (await signUpVerified(t.app)).member.uid;
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => t?.close());

  const post = (m: Movement) => moneyTransaction(t.database.db, (tx) => postTransaction(tx, m));

  it("grants a new member 10,000.00 of demo money from the demo issuer", async () => {
    const balances = await getMemberBalances(t.database.db, uid);
    expect(balances).toEqual({ wallet: 0n, demo: DEMO_GRANT_MICROCENTS, profit: 0n, bonus: 0n, withdrawal_hold: 0n });
  });

  it("moves money and records balance-after on each entry", async () => {
    const first = await post(fund(uid, fromCents(12_345), `fund-a-${uid}`));
    expect(first.replayed).toBe(false);
    expect(first.changes).toEqual([{ userId: uid, account: "wallet", balance: fromCents(12_345) }]);
    const second = await post(spend(uid, fromCents(345), `spend-a-${uid}`));
    expect(second.changes).toEqual([{ userId: uid, account: "wallet", balance: fromCents(12_000) }]);
  });

  it("keeps every microcent exactly, past 2⁵³ too, one by one and in batches", async () => {
    const holder = (await signUpVerified(t.app)).member.uid;
    // 1,000,000,000.00000001 USD: more microcents than a double holds exactly.
    const huge = 100_000_000_000_000_001n;
    const odd = 615_384_615n; // 6.15384615 USD
    const first = await post(fund(holder, huge, `huge-${holder}`));
    expect(first.changes).toEqual([{ userId: holder, account: "wallet", balance: huge }]);
    const [second] = await moneyTransaction(t.database.db, (tx) =>
      postTransactions(tx, [spend(holder, odd, `odd-${holder}`)]),
    );
    expect(second?.changes).toEqual([{ userId: holder, account: "wallet", balance: huge - odd }]);
    expect((await getMemberBalances(t.database.db, holder)).wallet).toBe(huge - odd);
    const history = await memberHistory(t.database.db, holder, { account: "wallet" }, { page: 1, pageSize: 10 });
    expect(history.items.map((e) => [e.amountMicrocents, e.balanceAfterMicrocents])).toEqual([
      [-odd, huge - odd],
      [huge, huge],
    ]);
  });

  it("returns the first result for a repeated idempotency key and moves nothing", async () => {
    const key = `fund-idem-${uid}`;
    const before = (await getMemberBalances(t.database.db, uid)).wallet;
    const first = await post(fund(uid, fromCents(500), key));
    const again = await post(fund(uid, fromCents(500), key));
    expect(again).toEqual({ transactionId: first.transactionId, kind: "adjustment", replayed: true, changes: [] });
    expect((await getMemberBalances(t.database.db, uid)).wallet).toBe(before + fromCents(500));
    await expect(post(spend(uid, fromCents(500), key))).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
  });

  it("refuses to take a member account below zero, leaving nothing half-written", async () => {
    const balance = (await getMemberBalances(t.database.db, uid)).wallet;
    await expect(post(spend(uid, balance + 1n, `over-${uid}`))).rejects.toMatchObject({
      statusCode: 409,
      code: "INSUFFICIENT_FUNDS",
    });
    expect((await getMemberBalances(t.database.db, uid)).wallet).toBe(balance);
  });

  it("rejects malformed movements before touching the database", async () => {
    const unbalanced: Movement = { ...fund(uid, fromCents(100), `bad-1-${uid}`) };
    unbalanced.legs = [
      unbalanced.legs[0] as Movement["legs"][0],
      { account: { userId: uid, account: "wallet" }, amount: fromCents(100) - 1n },
    ];
    await expect(post(unbalanced)).rejects.toThrow(/sum to/);
    // A number is not an amount, even a whole one: the ledger takes bigint microcents only.
    const inNumbers: Movement = {
      ...fund(uid, 1n, `bad-2-${uid}`),
      legs: [
        // @ts-expect-error a JavaScript caller could still pass a number
        { account: { system: "adjustments" }, amount: -100 },
        // @ts-expect-error a JavaScript caller could still pass a number
        { account: { userId: uid, account: "wallet" }, amount: 100 },
      ],
    };
    await expect(post(inNumbers)).rejects.toThrow(/bad amount/);
    await expect(post(fund(uid, 0n, `bad-3-${uid}`))).rejects.toThrow(/bad amount/);
  });

  it("keeps entries immutable and member balances non-negative in the database itself", async () => {
    const db = t.database.db;
    await expect(db.execute(sql`update ledger_entries set amount = amount + 1`)).rejects.toThrow();
    await expect(db.execute(sql`delete from ledger_transactions`)).rejects.toThrow();
    await expect(
      db.execute(sql`update balances set balance = -1 where user_id = ${uid} and account = 'wallet'`),
    ).rejects.toThrow();
  });

  it("never overdraws under 200 concurrent debits", async () => {
    const racer = (await signUpVerified(t.app)).member.uid;
    await post(fund(racer, fromCents(100 * 1_000), `race-fund-${racer}`));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => post(spend(racer, fromCents(1_000), `race-${racer}-${i}`))),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as { code?: string }).code === "INSUFFICIENT_FUNDS",
    ).length;
    expect({ ok, refused }).toEqual({ ok: 100, refused: 100 });
    expect((await getMemberBalances(t.database.db, racer)).wallet).toBe(0n);
  });

  it("applies one movement once when 50 requests race with the same key", async () => {
    const racer = (await signUpVerified(t.app)).member.uid;
    const results = await Promise.all(
      Array.from({ length: 50 }, () => post(fund(racer, fromCents(777), `same-key-${racer}`))),
    );
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await getMemberBalances(t.database.db, racer)).wallet).toBe(fromCents(777));
  });
});

describe.each(databaseKinds)("ledger batches (postTransactions) on %s", (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => t?.close());

  const post = (m: Movement) => moneyTransaction(t.database.db, (tx) => postTransaction(tx, m));
  const batch = (list: Movement[]) => moneyTransaction(t.database.db, (tx) => postTransactions(tx, list));
  const wallet = async (uid: string) => (await getMemberBalances(t.database.db, uid)).wallet;
  const transactionsOf = async (keys: string[]) =>
    queryRows<{ idempotency_key: string; entries: number }>(
      t.database,
      sql`select tr.idempotency_key, count(e.id)::int as entries
          from ledger_transactions tr join ledger_entries e on e.transaction_id = tr.id
          where tr.idempotency_key in (select value from json_array_elements_text(${JSON.stringify(keys)}::json))
          group by tr.idempotency_key`,
    );
  const members = async (n: number) =>
    Promise.all(Array.from({ length: n }, async () => (await signUpVerified(t.app)).member.uid));

  it("posts a batch mixing members as one ledger transaction per movement, in list order", async () => {
    const [a, b, c] = (await members(3)) as [string, string, string];
    const list: Movement[] = [
      fund(a, fromCents(1_000), `b1-fund-a-${a}`),
      fund(b, fromCents(2_000), `b1-fund-b-${b}`),
      // a spends more than it had before the batch: allowed, the credit above comes first.
      spend(a, fromCents(700), `b1-spend-a-${a}`),
      fund(a, fromCents(50), `b1-fund-a2-${a}`),
      spend(b, fromCents(2_000), `b1-spend-b-${b}`),
      {
        kind: "funds_transfer",
        idempotencyKey: `b1-move-${c}`,
        legs: [
          { account: { userId: a, account: "demo" }, amount: -fromCents(300) },
          { account: { userId: c, account: "demo" }, amount: fromCents(300) },
        ],
      },
    ];
    const posted = await batch(list);
    expect(posted.map((p) => p.replayed)).toEqual([false, false, false, false, false, false]);
    expect(new Set(posted.map((p) => p.transactionId)).size).toBe(6);
    expect(posted.map((p) => p.changes)).toEqual([
      [{ userId: a, account: "wallet", balance: fromCents(1_000) }],
      [{ userId: b, account: "wallet", balance: fromCents(2_000) }],
      [{ userId: a, account: "wallet", balance: fromCents(300) }],
      [{ userId: a, account: "wallet", balance: fromCents(350) }],
      [{ userId: b, account: "wallet", balance: 0n }],
      [
        { userId: a, account: "demo", balance: DEMO_GRANT_MICROCENTS - fromCents(300) },
        { userId: c, account: "demo", balance: DEMO_GRANT_MICROCENTS + fromCents(300) },
      ],
    ]);
    expect([await wallet(a), await wallet(b), await wallet(c)]).toEqual([fromCents(350), 0n, 0n]);
    expect((await getMemberBalances(t.database.db, c)).demo).toBe(DEMO_GRANT_MICROCENTS + fromCents(300));
    const rows = await transactionsOf(list.map((m) => m.idempotencyKey));
    expect(rows.map((r) => r.entries)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("replays keys already used (in a batch or one by one) and moves only the new movements", async () => {
    const [a, b] = (await members(2)) as [string, string];
    const single = await post(fund(a, fromCents(400), `b2-single-${a}`));
    const first = await batch([fund(a, fromCents(100), `b2-x-${a}`), fund(b, fromCents(200), `b2-y-${b}`)]);
    const again = await batch([
      fund(a, fromCents(100), `b2-x-${a}`),
      fund(a, fromCents(400), `b2-single-${a}`),
      fund(b, fromCents(5), `b2-new-${b}`),
      fund(b, fromCents(200), `b2-y-${b}`),
    ]);
    expect(again.map((p) => [p.transactionId, p.replayed])).toEqual([
      [first[0]?.transactionId, true],
      [single.transactionId, true],
      [expect.any(String), false],
      [first[1]?.transactionId, true],
    ]);
    expect(again[2]?.changes).toEqual([{ userId: b, account: "wallet", balance: fromCents(205) }]);
    expect([await wallet(a), await wallet(b)]).toEqual([fromCents(500), fromCents(205)]);
    // A batch entirely replayed writes nothing; the single path sees batch keys too.
    expect((await batch([fund(b, fromCents(200), `b2-y-${b}`)]))[0]).toEqual({
      transactionId: first[1]?.transactionId,
      kind: "adjustment",
      replayed: true,
      changes: [],
    });
    expect(await post(fund(b, fromCents(5), `b2-new-${b}`))).toMatchObject({ replayed: true });
    expect([await wallet(a), await wallet(b)]).toEqual([fromCents(500), fromCents(205)]);
  });

  it("is all or nothing: an overdraft, a conflicting key or a repeated key refuses the whole batch", async () => {
    const [a, b] = (await members(2)) as [string, string];
    await post(fund(a, fromCents(1_000), `b3-fund-${a}`));
    const keys = [`b3-1-${b}`, `b3-2-${a}`, `b3-3-${a}`];
    await expect(
      batch([fund(b, fromCents(10), keys[0] as string), spend(a, fromCents(1_001), keys[1] as string)]),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: "INSUFFICIENT_FUNDS",
    });
    await expect(
      batch([fund(b, fromCents(10), keys[0] as string), spend(a, fromCents(10), `b3-fund-${a}`)]),
    ).rejects.toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    await expect(
      batch([fund(b, fromCents(10), keys[2] as string), fund(a, fromCents(10), keys[2] as string)]),
    ).rejects.toThrow(/twice/);
    await expect(batch([fund(b, fromCents(0), keys[0] as string)])).rejects.toThrow(/bad amount/);
    expect(await transactionsOf(keys)).toEqual([]);
    expect([await wallet(a), await wallet(b)]).toEqual([fromCents(1_000), 0n]);
    expect(await batch([])).toEqual([]);
  });

  it("never overdraws nor deadlocks when batches and single movements race on the same accounts", async () => {
    const racers = await members(4);
    await batch(racers.map((uid) => fund(uid, fromCents(20 * 100), `b4-fund-${uid}`)));
    const jobs: { uids: string[]; done: Promise<unknown> }[] = [];
    for (let i = 0; i < 12; i++) {
      // Each batch spends 100 from every racer (in a different order each time); 24 tries of 100 each, 20 fit.
      const order = i % 2 ? [...racers].reverse() : racers;
      jobs.push({ uids: order, done: batch(order.map((uid) => spend(uid, fromCents(100), `b4-batch-${i}-${uid}`))) });
      for (const uid of racers)
        jobs.push({ uids: [uid], done: post(spend(uid, fromCents(100), `b4-single-${i}-${uid}`)) });
    }
    const results = await Promise.allSettled(jobs.map((j) => j.done));
    const spent = new Map(racers.map((uid) => [uid, 0n]));
    results.forEach((r, i) => {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
      else for (const uid of jobs[i]?.uids ?? []) spent.set(uid, (spent.get(uid) ?? 0n) + fromCents(100));
    });
    expect(results.some((r) => r.status === "rejected")).toBe(true);
    for (const uid of racers) expect(await wallet(uid)).toBe(fromCents(2_000) - (spent.get(uid) ?? 0n));
  });
});

describe.runIf(databaseKinds.includes("postgres"))("the PostgreSQL test database", () => {
  it("has a pool that runs statements concurrently, so the races above are real", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const started = await Promise.all(
        Array.from({ length: 5 }, () =>
          queryRows<{ pid: number }>(database, sql`select pg_backend_pid() as pid, pg_sleep(0.05)`),
        ),
      );
      const pids = new Set(started.map((rows) => rows[0]?.pid));
      expect(pids.size).toBeGreaterThan(1);
    } finally {
      await database.close();
    }
  });
});
