import { DEMO_GRANT_CENTS } from "@helio/shared";
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
import { getMemberBalances, type Movement, moneyTransaction, postTransaction, postTransactions } from "./index.ts";

const fund = (userId: string, amount: number, key: string): Movement => ({
  kind: "adjustment",
  idempotencyKey: key,
  legs: [
    { account: { system: "adjustments" }, amount: -amount },
    { account: { userId, account: "wallet" }, amount },
  ],
});
const spend = (userId: string, amount: number, key: string): Movement => ({
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
    expect(balances).toEqual({ wallet: 0, demo: DEMO_GRANT_CENTS, profit: 0, bonus: 0, withdrawal_hold: 0 });
  });

  it("moves money and records balance-after on each entry", async () => {
    const first = await post(fund(uid, 12_345, `fund-a-${uid}`));
    expect(first.replayed).toBe(false);
    expect(first.changes).toEqual([{ userId: uid, account: "wallet", balance: 12_345 }]);
    const second = await post(spend(uid, 345, `spend-a-${uid}`));
    expect(second.changes).toEqual([{ userId: uid, account: "wallet", balance: 12_000 }]);
  });

  it("returns the first result for a repeated idempotency key and moves nothing", async () => {
    const key = `fund-idem-${uid}`;
    const before = (await getMemberBalances(t.database.db, uid)).wallet;
    const first = await post(fund(uid, 500, key));
    const again = await post(fund(uid, 500, key));
    expect(again).toEqual({ transactionId: first.transactionId, kind: "adjustment", replayed: true, changes: [] });
    expect((await getMemberBalances(t.database.db, uid)).wallet).toBe(before + 500);
    await expect(post(spend(uid, 500, key))).rejects.toMatchObject({ code: "IDEMPOTENCY_CONFLICT" });
  });

  it("refuses to take a member account below zero, leaving nothing half-written", async () => {
    const balance = (await getMemberBalances(t.database.db, uid)).wallet;
    await expect(post(spend(uid, balance + 1, `over-${uid}`))).rejects.toMatchObject({
      statusCode: 409,
      code: "INSUFFICIENT_FUNDS",
    });
    expect((await getMemberBalances(t.database.db, uid)).wallet).toBe(balance);
  });

  it("rejects malformed movements before touching the database", async () => {
    const unbalanced: Movement = { ...fund(uid, 100, `bad-1-${uid}`) };
    unbalanced.legs = [
      unbalanced.legs[0] as Movement["legs"][0],
      { account: { userId: uid, account: "wallet" }, amount: 99 },
    ];
    await expect(post(unbalanced)).rejects.toThrow(/sum to/);
    await expect(post(fund(uid, 1.5, `bad-2-${uid}`))).rejects.toThrow(/bad amount/);
    await expect(post(fund(uid, 0, `bad-3-${uid}`))).rejects.toThrow(/bad amount/);
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
    await post(fund(racer, 100 * 1_000, `race-fund-${racer}`));
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) => post(spend(racer, 1_000, `race-${racer}-${i}`))),
    );
    const ok = results.filter((r) => r.status === "fulfilled").length;
    const refused = results.filter(
      (r) => r.status === "rejected" && (r.reason as { code?: string }).code === "INSUFFICIENT_FUNDS",
    ).length;
    expect({ ok, refused }).toEqual({ ok: 100, refused: 100 });
    expect((await getMemberBalances(t.database.db, racer)).wallet).toBe(0);
  });

  it("applies one movement once when 50 requests race with the same key", async () => {
    const racer = (await signUpVerified(t.app)).member.uid;
    const results = await Promise.all(Array.from({ length: 50 }, () => post(fund(racer, 777, `same-key-${racer}`))));
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect((await getMemberBalances(t.database.db, racer)).wallet).toBe(777);
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
      fund(a, 1_000, `b1-fund-a-${a}`),
      fund(b, 2_000, `b1-fund-b-${b}`),
      // a spends more than it had before the batch: allowed, the credit above comes first.
      spend(a, 700, `b1-spend-a-${a}`),
      fund(a, 50, `b1-fund-a2-${a}`),
      spend(b, 2_000, `b1-spend-b-${b}`),
      {
        kind: "funds_transfer",
        idempotencyKey: `b1-move-${c}`,
        legs: [
          { account: { userId: a, account: "demo" }, amount: -300 },
          { account: { userId: c, account: "demo" }, amount: 300 },
        ],
      },
    ];
    const posted = await batch(list);
    expect(posted.map((p) => p.replayed)).toEqual([false, false, false, false, false, false]);
    expect(new Set(posted.map((p) => p.transactionId)).size).toBe(6);
    expect(posted.map((p) => p.changes)).toEqual([
      [{ userId: a, account: "wallet", balance: 1_000 }],
      [{ userId: b, account: "wallet", balance: 2_000 }],
      [{ userId: a, account: "wallet", balance: 300 }],
      [{ userId: a, account: "wallet", balance: 350 }],
      [{ userId: b, account: "wallet", balance: 0 }],
      [
        { userId: a, account: "demo", balance: DEMO_GRANT_CENTS - 300 },
        { userId: c, account: "demo", balance: DEMO_GRANT_CENTS + 300 },
      ],
    ]);
    expect([await wallet(a), await wallet(b), await wallet(c)]).toEqual([350, 0, 0]);
    expect((await getMemberBalances(t.database.db, c)).demo).toBe(DEMO_GRANT_CENTS + 300);
    const rows = await transactionsOf(list.map((m) => m.idempotencyKey));
    expect(rows.map((r) => r.entries)).toEqual([2, 2, 2, 2, 2, 2]);
  });

  it("replays keys already used (in a batch or one by one) and moves only the new movements", async () => {
    const [a, b] = (await members(2)) as [string, string];
    const single = await post(fund(a, 400, `b2-single-${a}`));
    const first = await batch([fund(a, 100, `b2-x-${a}`), fund(b, 200, `b2-y-${b}`)]);
    const again = await batch([
      fund(a, 100, `b2-x-${a}`),
      fund(a, 400, `b2-single-${a}`),
      fund(b, 5, `b2-new-${b}`),
      fund(b, 200, `b2-y-${b}`),
    ]);
    expect(again.map((p) => [p.transactionId, p.replayed])).toEqual([
      [first[0]?.transactionId, true],
      [single.transactionId, true],
      [expect.any(String), false],
      [first[1]?.transactionId, true],
    ]);
    expect(again[2]?.changes).toEqual([{ userId: b, account: "wallet", balance: 205 }]);
    expect([await wallet(a), await wallet(b)]).toEqual([500, 205]);
    // A batch entirely replayed writes nothing; the single path sees batch keys too.
    expect((await batch([fund(b, 200, `b2-y-${b}`)]))[0]).toEqual({
      transactionId: first[1]?.transactionId,
      kind: "adjustment",
      replayed: true,
      changes: [],
    });
    expect(await post(fund(b, 5, `b2-new-${b}`))).toMatchObject({ replayed: true });
    expect([await wallet(a), await wallet(b)]).toEqual([500, 205]);
  });

  it("is all or nothing: an overdraft, a conflicting key or a repeated key refuses the whole batch", async () => {
    const [a, b] = (await members(2)) as [string, string];
    await post(fund(a, 1_000, `b3-fund-${a}`));
    const keys = [`b3-1-${b}`, `b3-2-${a}`, `b3-3-${a}`];
    await expect(batch([fund(b, 10, keys[0] as string), spend(a, 1_001, keys[1] as string)])).rejects.toMatchObject({
      statusCode: 409,
      code: "INSUFFICIENT_FUNDS",
    });
    await expect(batch([fund(b, 10, keys[0] as string), spend(a, 10, `b3-fund-${a}`)])).rejects.toMatchObject({
      code: "IDEMPOTENCY_CONFLICT",
    });
    await expect(batch([fund(b, 10, keys[2] as string), fund(a, 10, keys[2] as string)])).rejects.toThrow(/twice/);
    await expect(batch([fund(b, 0, keys[0] as string)])).rejects.toThrow(/bad amount/);
    expect(await transactionsOf(keys)).toEqual([]);
    expect([await wallet(a), await wallet(b)]).toEqual([1_000, 0]);
    expect(await batch([])).toEqual([]);
  });

  it("never overdraws nor deadlocks when batches and single movements race on the same accounts", async () => {
    const racers = await members(4);
    await batch(racers.map((uid) => fund(uid, 20 * 100, `b4-fund-${uid}`)));
    const jobs: { uids: string[]; done: Promise<unknown> }[] = [];
    for (let i = 0; i < 12; i++) {
      // Each batch spends 100 from every racer (in a different order each time); 24 tries of 100 each, 20 fit.
      const order = i % 2 ? [...racers].reverse() : racers;
      jobs.push({ uids: order, done: batch(order.map((uid) => spend(uid, 100, `b4-batch-${i}-${uid}`))) });
      for (const uid of racers) jobs.push({ uids: [uid], done: post(spend(uid, 100, `b4-single-${i}-${uid}`)) });
    }
    const results = await Promise.allSettled(jobs.map((j) => j.done));
    const spent = new Map(racers.map((uid) => [uid, 0]));
    results.forEach((r, i) => {
      if (r.status === "rejected") expect(r.reason).toMatchObject({ code: "INSUFFICIENT_FUNDS" });
      else for (const uid of jobs[i]?.uids ?? []) spent.set(uid, (spent.get(uid) ?? 0) + 100);
    });
    expect(results.some((r) => r.status === "rejected")).toBe(true);
    for (const uid of racers) expect(await wallet(uid)).toBe(2_000 - (spent.get(uid) ?? 0));
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
