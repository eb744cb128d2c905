import { DEMO_GRANT_CENTS } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, databaseKinds, openTestDatabase, signUpVerified, type TestApp } from "../../../test/helpers.ts";
import { expectSoundLedger } from "../../../test/money.ts";
import { getMemberBalances, type Movement, moneyTransaction, postTransaction } from "./service.ts";

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
    expect(again).toEqual({ transactionId: first.transactionId, replayed: true, changes: [] });
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

describe.runIf(databaseKinds.includes("postgres"))("the PostgreSQL test database", () => {
  it("has a pool that runs statements concurrently, so the races above are real", async () => {
    const database = await openTestDatabase("postgres");
    try {
      const started = await Promise.all(
        Array.from({ length: 5 }, () => database.db.execute(sql`select pg_backend_pid() as pid, pg_sleep(0.05)`)),
      );
      const pids = new Set(started.map((r) => (r as unknown as { rows: { pid: number }[] }).rows[0]?.pid));
      expect(pids.size).toBeGreaterThan(1);
    } finally {
      await database.close();
    }
  });
});
