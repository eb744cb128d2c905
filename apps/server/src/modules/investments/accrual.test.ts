import { API, fromCents, type Investment } from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, captureMessages, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";
import { openDatabase } from "../../db/client.ts";
import { accrueDue } from "./accrual.ts";
import { buyInvestment } from "./service.ts";

const PERIOD = 60;

describe.each(databaseKinds)("profit accrual on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let restore: Record<string, unknown>;
  const deps = () => t.app.services;
  const balances = async (c: Client) => (await c.get(API.wallet)).json() as Record<string, string>;
  const at = (inv: Investment, seconds: number) => new Date(new Date(inv.startedAt).getTime() + seconds * 1000);
  const profitCredits = async (id: string) =>
    queryRows<{ key: string }>(
      t.database,
      sql`select idempotency_key as key from ledger_transactions
          where reference_type = 'investment' and reference_id = ${id} and kind = 'profit' order by 1`,
    );
  const newPackage = async (patch: Record<string, unknown>) => {
    const res = await admin.post(API.adminPackages, {
      name: "Accrual tier",
      slug: `a-${Math.random().toString(36).slice(2, 10)}`,
      minMicrocents: apiCents(100),
      maxMicrocents: apiCents(10_000_000),
      dailyRateBps: 125,
      durationPeriods: 7,
      capitalReturn: true,
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; slug: string };
  };
  const investor = async (walletCents: number) => {
    const account = await signUpVerified(t.app);
    await fundWallet(admin, account.member.uid, walletCents);
    return account;
  };
  const buy = async (c: Client, slug: string, cents: number) => {
    const res = await c.post(API.investments, { slug, amountMicrocents: apiCents(cents) });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().investment as Investment;
  };

  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
    restore = await changeSettings(admin, { investmentPeriodSeconds: PERIOD });
  });
  afterEach(async () => {
    await expectSoundLedger(t.database);
  });
  afterAll(async () => {
    if (admin) await changeSettings(admin, restore);
    await t?.close();
  });

  it("tells a member of one pass's profit once: one notification for all their investments, in their language and currency", async () => {
    const ada = await signUpVerified(t.app, { currency: "IDR" });
    const siti = await signUpVerified(t.app, { currency: "IDR" });
    await t.database.db.execute(sql`update "user" set locale = 'id' where id = ${siti.member.uid}`);
    const pkg = await newPackage({ dailyRateBps: 125, durationPeriods: 7 });
    const bought: Investment[] = [];
    for (const { client, member } of [ada, siti]) {
      await fundWallet(admin, member.uid, 100_000);
      // 100, 200 and 300 USD at 1.25 % a period: 1.25 + 2.50 + 3.75 = 7.50 USD a period.
      for (const cents of [10_000, 20_000, 30_000]) bought.push(await buy(client, pkg.slug, cents));
    }
    const lastStart = Math.max(...bought.map((inv) => Date.parse(inv.startedAt)));
    const first = bought[0] as Investment;
    const notices = async (c: Client) =>
      (await c.get(`${API.notifications}?pageSize=50`)).json() as {
        unreadCount: number;
        items: { kind: string; body: string; link: string }[];
      };
    const before = await notices(ada.client);
    await accrueDue(deps(), { now: new Date(lastStart + PERIOD * 1000) });
    // A second pass at the same moment finds nothing new to tell.
    await accrueDue(deps(), { now: new Date(lastStart + PERIOD * 1000) });
    const after = await notices(ada.client);
    const profit = after.items.filter((n) => n.kind === "investment.profit");
    expect(profit).toHaveLength(1);
    expect(after.unreadCount - before.unreadCount).toBe(1);
    // 7.50 USD at 16,250 IDR a dollar.
    expect(profit[0]).toMatchObject({
      body: "Profit credited: 3 investments, 121,875.00 IDR (7.50 USD).",
      link: "/investment",
    });
    const sitis = (await notices(siti.client)).items.filter((n) => n.kind === "investment.profit");
    expect(sitis.map((n) => n.body)).toEqual(["Keuntungan dikreditkan: 3 investasi, 121.875,00 IDR (7,50 USD)."]);
    // The next period is a new pass: one more, never three.
    await accrueDue(deps(), { now: at(first, 2 * PERIOD + 60) });
    expect((await notices(ada.client)).unreadCount - before.unreadCount).toBe(2);
  });

  it("credits each period once at its boundary, catches up missed periods, and returns the capital at maturity", async () => {
    const { client, member } = await investor(100_000);
    const pkg = await newPackage({ capitalReturn: true });
    const inv = await buy(client, pkg.slug, 12_345);
    expect(inv.periodSeconds).toBe(PERIOD);
    const live = captureMessages(t.app, member.uid);
    try {
      await accrueDue(deps(), { now: at(inv, PERIOD - 1) });
      expect((await balances(client)).profit).toBe("0");
      await accrueDue(deps(), { now: at(inv, PERIOD) });
      await accrueDue(deps(), { now: at(inv, PERIOD) });
      // 123.45 × 1.25 % × 7 = 10.801875 USD over the term: 1.543125 a period.
      const perPeriod = 154_312_500n;
      expect((await balances(client)).profit).toBe(String(perPeriod));
      expect(live.messages).toContainEqual(
        expect.objectContaining({
          type: "investment.accrued",
          investmentId: inv.id,
          period: 1,
          amountMicrocents: "154312500",
        }),
      );
      expect(live.messages).toContainEqual({ type: "balances", balances: { profit: "154312500" } });

      // Downtime: no worker ran for four periods; the next pass credits each of them, once.
      await accrueDue(deps(), { now: at(inv, 5 * PERIOD + 30) });
      await accrueDue(deps(), { now: at(inv, 5 * PERIOD + 31) });
      expect((await balances(client)).profit).toBe(String(perPeriod * 5n));
      expect((await profitCredits(inv.id)).map((r) => r.key)).toEqual(
        [1, 2, 3, 4, 5].map((n) => `profit:${inv.id}:${n}`),
      );
      const mid = (await client.get(API.investment(inv.id))).json();
      expect(mid).toMatchObject({ status: "active", periodsPaid: 5, profitPaidMicrocents: "771562500" });
      expect(mid.nextAccrualAt).toBe(at(inv, 6 * PERIOD).toISOString());
      expect(mid.schedule.filter((p: { paidAt: string | null }) => p.paidAt).length).toBe(5);

      const walletBefore = BigInt((await balances(client)).wallet ?? 0);
      await accrueDue(deps(), { now: at(inv, 1000 * PERIOD) });
      await accrueDue(deps(), { now: at(inv, 2000 * PERIOD) });
      const done = (await client.get(API.investment(inv.id))).json();
      expect(done).toMatchObject({
        status: "matured",
        periodsPaid: 7,
        profitPaidMicrocents: "1080187500",
        nextAccrualAt: null,
      });
      expect(await balances(client)).toMatchObject({
        profit: "1080187500",
        wallet: String(walletBefore + fromCents(12_345)),
      });
      expect(live.messages).toContainEqual(
        expect.objectContaining({
          type: "investment.accrued",
          status: "matured",
          capitalReturnedMicrocents: apiCents(12_345),
        }),
      );
    } finally {
      live.off();
    }
  });

  it("matures without returning the capital when the terms keep it", async () => {
    const { client } = await investor(50_000);
    const pkg = await newPackage({ capitalReturn: false, dailyRateBps: 333, durationPeriods: 3 });
    const inv = await buy(client, pkg.slug, 10_001);
    const wallet = (await balances(client)).wallet;
    await accrueDue(deps(), { now: at(inv, 3 * PERIOD) });
    // 100.01 × 3.33 % × 3 = 9.990999 USD exactly: 3.330333 a period, three times.
    expect(await balances(client)).toMatchObject({ profit: "999099900", wallet });
    expect((await client.get(API.investment(inv.id))).json()).toMatchObject({
      status: "matured",
      capitalReturnMicrocents: "0",
    });
    expect((await profitCredits(inv.id)).length).toBe(3);
  });

  it.runIf(kind === "postgres")("two workers racing on PostgreSQL credit every period exactly once", async () => {
    const url = (t.database as { url?: string }).url;
    if (!url) throw new Error("no PostgreSQL url");
    const second = await openDatabase({ kind: "postgres", url, poolSize: 4 });
    try {
      const pkg = await newPackage({ durationPeriods: 5, dailyRateBps: 100 });
      const start = new Date(Date.now() - 3 * PERIOD * 1000 - 5_000);
      const ids: string[] = [];
      for (let m = 0; m < 4; m++) {
        // The 50 purchases below cost 501,225 cents: a credit under the adjustments' second-approval threshold.
        const { member } = await investor(1_000_000);
        for (let i = 0; i < 50; i++) {
          const bought = await buyInvestment(
            { ...deps(), now: () => start },
            member.uid,
            {
              slug: pkg.slug,
              amountMicrocents: fromCents(10_000 + i),
              field: "amountMicrocents",
              quote: null,
              currency: "USD",
            },
            null,
          );
          ids.push(bought.body.investment.id);
        }
      }
      const now = new Date(start.getTime() + 3 * PERIOD * 1000);
      const drain = async (db: typeof second.db) => {
        let credited = 0;
        for (;;) {
          const done = await accrueDue(
            { db, realtime: deps().realtime, notifications: deps().notifications },
            { now, limit: 20 },
          );
          credited += done.length;
          if (!done.length) return credited;
        }
      };
      const [a, b] = await Promise.all([drain(deps().db), drain(second.db)]);
      expect(a + b).toBeGreaterThanOrEqual(ids.length);
      const rows = await queryRows<{ n: string; d: string }>(
        t.database,
        sql`select count(*) as n, count(distinct idempotency_key) as d from ledger_transactions
            where kind = 'profit' and reference_id in (select id::text from investments where package_id = ${pkg.id})`,
      );
      expect(rows[0]).toEqual({ n: String(ids.length * 3), d: String(ids.length * 3) });
      const progress = await queryRows<{ periods_paid: number; n: string }>(
        t.database,
        sql`select periods_paid, count(*) as n from investments where package_id = ${pkg.id} group by 1`,
      );
      expect(progress).toEqual([{ periods_paid: 3, n: String(ids.length) }]);
    } finally {
      await second.close();
    }
  });
});
