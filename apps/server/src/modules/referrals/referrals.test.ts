import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("referral commissions on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  const balances = async (c: Client) => (await c.get(API.wallet)).json() as Record<string, string>;
  const buy = (c: Client, cents: number) =>
    c.post(API.investments, { slug: "growth", amountMicrocents: apiCents(cents) });
  /** A chain top ← a ← b ← c ← buyer: each registered through the previous one's link. */
  const chain = async () => {
    const top = await signUpVerified(t.app);
    const a = await signUpVerified(t.app, { referralCode: top.input.username });
    const b = await signUpVerified(t.app, { referralCode: a.input.username });
    const c = await signUpVerified(t.app, { referralCode: b.input.username });
    const buyer = await signUpVerified(t.app, { referralCode: c.input.username });
    await fundWallet(admin, buyer.member.uid, 1_000_000);
    return { top, a, b, c, buyer };
  };

  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    await t?.close();
  });

  it("pays three levels into bonus in the purchase's transaction, each its own ledger movement", async () => {
    const { top, a, b, c, buyer } = await chain();
    const res = await buy(buyer.client, 200_000);
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().investment.id;
    expect((await balances(c.client)).bonus).toBe(apiCents(10_000)); // 5 %
    expect((await balances(b.client)).bonus).toBe(apiCents(6_000)); // 3 %
    expect((await balances(a.client)).bonus).toBe(apiCents(2_000)); // 1 %
    expect((await balances(top.client)).bonus).toBe(apiCents(0)); // a fourth level earns nothing
    const movements = await queryRows<{ kind: string; key: string }>(
      t.database,
      sql`select kind, idempotency_key as key from ledger_transactions where reference_id = ${id} order by 2`,
    );
    expect(movements).toEqual([
      { kind: "commission", key: `commission:${id}:1` },
      { kind: "commission", key: `commission:${id}:2` },
      { kind: "commission", key: `commission:${id}:3` },
      { kind: "investment", key: `investment:${id}` },
    ]);

    const network = (await c.client.get(API.referralNetwork)).json();
    expect(network.code).toBe(c.member.userName);
    expect(network.levels[0]).toEqual({
      level: 1,
      commissionBps: 500,
      members: 1,
      investedMicrocents: apiCents(200_000),
      commissionsMicrocents: apiCents(10_000),
    });
    const fromA = (await a.client.get(API.referralNetwork)).json();
    expect(fromA.levels.map((l: { members: number }) => l.members)).toEqual([1, 1, 1]);
    expect(fromA.totalCommissionsMicrocents).toBe(apiCents(2_000));
    const level3 = (await a.client.get(`${API.referralMembers}?level=3`)).json();
    expect(level3).toMatchObject({
      level: 3,
      total: 1,
      items: [{ fullName: "Ada Lovelace", investedMicrocents: apiCents(200_000) }],
    });
    expect(Object.keys(level3.items[0]).sort()).toEqual(["fullName", "investedMicrocents", "joinedAt"]);
    expect(JSON.stringify(level3)).not.toContain(buyer.input.email);
    expectError(await a.client.get(`${API.referralMembers}?level=4`), 400, "VALIDATION_FAILED", "level");

    const detail = (await admin.get(API.adminMemberNetwork(b.member.uid))).json();
    expect(detail.upline.map((u: { level: number; member: { uid: string } }) => [u.level, u.member.uid])).toEqual([
      [1, a.member.uid],
      [2, top.member.uid],
    ]);
    expect(detail.downline.map((d: { members: number }) => d.members)).toEqual([1, 1, 0]);
    expect(detail.commissions).toEqual({ count: 1, earnedMicrocents: apiCents(6_000) });
    expect((await admin.get(API.adminMemberNetwork("nobody"))).statusCode).toBe(404);
    expect((await c.client.get(API.adminMemberNetwork(b.member.uid))).statusCode).toBe(404);
  });

  it("rounds each level's commission once to the microcent, half to even", async () => {
    const { a, b, c, buyer } = await chain();
    // 1,000.0000003 USD: 5 % is 50.000000015 (a tie, to even), 3 % 30.000000009, 1 % 10.000000003.
    const res = await buyer.client.post(API.investments, { slug: "growth", amountMicrocents: "100000000030" });
    expect(res.statusCode, res.body).toBe(201);
    expect((await balances(c.client)).bonus).toBe("5000000002");
    expect((await balances(b.client)).bonus).toBe("3000000001");
    expect((await balances(a.client)).bonus).toBe("1000000000");
    const id = res.json().investment.id;
    const rows = await queryRows<{ level: number; amount: string }>(
      t.database,
      sql`select level, amount::text as amount from referral_commissions where investment_id = ${id} order by level`,
    );
    expect(rows).toEqual([
      { level: 1, amount: "5000000002" },
      { level: 2, amount: "3000000001" },
      { level: 3, amount: "1000000000" },
    ]);
  });

  it("pays nothing to a blocked or banned referrer (audited); the other levels still earn", async () => {
    const { a, b, c, buyer } = await chain();
    expect((await admin.post(API.adminMemberStatus(b.member.uid), { action: "block" })).statusCode).toBe(200);
    expect((await admin.post(API.adminMemberStatus(c.member.uid), { action: "ban" })).statusCode).toBe(200);
    expect((await buy(buyer.client, 100_000)).statusCode).toBe(201);
    await admin.post(API.adminMemberStatus(b.member.uid), { action: "unblock" });
    // Blocking signed b out: read through the back office.
    const bonusOf = async (uid: string) => (await admin.get(API.adminMemberMoney(uid))).json().balances.bonus;
    expect(await bonusOf(b.member.uid)).toBe(apiCents(0));
    expect(await bonusOf(c.member.uid)).toBe(apiCents(0));
    expect(await bonusOf(a.member.uid)).toBe(apiCents(1_000));
    const skipped = await queryRows<{ target: string }>(
      t.database,
      sql`select target_user_id as target from audit_log where action = 'referral.commission_skipped'
          and target_user_id in (${b.member.uid}, ${c.member.uid})`,
    );
    expect(skipped.map((s) => s.target).sort()).toEqual([b.member.uid, c.member.uid].sort());
  });

  it("a shorter chain pays what exists; a member is never their own referrer, directly or through a cycle", async () => {
    const x = await signUpVerified(t.app);
    const y = await signUpVerified(t.app, { referralCode: x.input.username });
    await fundWallet(admin, y.member.uid, 1_000_000);
    expect((await buy(y.client, 100_000)).statusCode).toBe(201);
    expect((await balances(x.client)).bonus).toBe(apiCents(5_000));
    // A cycle written straight into the database: x ← y ← x. Only x earns on y's purchase.
    await t.database.db.execute(sql`update "user" set referred_by = ${y.member.uid} where id = ${x.member.uid}`);
    expect((await buy(y.client, 100_000)).statusCode).toBe(201);
    expect((await balances(x.client)).bonus).toBe(apiCents(10_000));
    expect((await balances(y.client)).bonus).toBe(apiCents(0));
    const self = await signUpVerified(t.app);
    await t.database.db.execute(sql`update "user" set referred_by = ${self.member.uid} where id = ${self.member.uid}`);
    await fundWallet(admin, self.member.uid, 1_000_000);
    expect((await buy(self.client, 100_000)).statusCode).toBe(201);
    expect((await balances(self.client)).bonus).toBe(apiCents(0));
  });

  it("a failure in the commission step moves nothing", async () => {
    const { b, c, buyer } = await chain();
    const before = await balances(buyer.client);
    // Any commission row now violates a constraint: the purchase's transaction must roll back whole.
    await t.database.db.execute(
      sql`alter table referral_commissions add constraint test_refuse_all check (amount < 0) not valid`,
    );
    try {
      const res = await buy(buyer.client, 100_000);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql`alter table referral_commissions drop constraint test_refuse_all`);
    }
    expect(await balances(buyer.client)).toEqual(before);
    expect((await balances(c.client)).bonus).toBe(apiCents(0));
    expect((await balances(b.client)).bonus).toBe(apiCents(0));
    const [row] = await queryRows<{ n: string }>(
      t.database,
      sql`select count(*) as n from investments where user_id = ${buyer.member.uid}`,
    );
    expect(Number(row?.n)).toBe(0);
    expect((await buy(buyer.client, 100_000)).statusCode).toBe(201);
    expect((await balances(c.client)).bonus).toBe(apiCents(5_000));
  });
});
