import { API, fromCents, investmentSchedule, investmentTotalProfit } from "@helio/shared";
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

describe("profit rounding", () => {
  it("rounds the total once to the microcent, half to even, floors each period and puts the remainder on the last", () => {
    // 100,000 IDR at 16,250 IDR a dollar is 6.15384615 USD; × 1.25 % × 7 = 0.538461538125 → 0.53846154.
    const typed = 615_384_615n;
    expect(investmentTotalProfit(typed, 125, 7)).toBe(53_846_154n);
    // 53,846,154 ÷ 7 = 7,692,307 (floored) a period; the last also pays the remainder of 5.
    expect(investmentSchedule(typed, 125, 7)).toEqual([
      7_692_307n,
      7_692_307n,
      7_692_307n,
      7_692_307n,
      7_692_307n,
      7_692_307n,
      7_692_312n,
    ]);
    // An amount in whole cents keeps its fraction of a cent: 123.45 × 1.25 % × 7 = 10.801875 exactly.
    expect(investmentTotalProfit(fromCents(12_345), 125, 7)).toBe(1_080_187_500n);
    expect(investmentTotalProfit(fromCents(25), 50, 1)).toBe(125_000n);
    // Half to even at the microcent: 0.5 → 0, 1.5 → 2, 2.5 → 2, 3.75 → 4.
    expect(investmentTotalProfit(100n, 50, 1)).toBe(0n);
    expect(investmentTotalProfit(300n, 50, 1)).toBe(2n);
    expect(investmentTotalProfit(500n, 50, 1)).toBe(2n);
    expect(investmentTotalProfit(750n, 50, 1)).toBe(4n);
  });
  it.each([
    [fromCents(10_000), 50, 30],
    [fromCents(999_999), 83, 365],
    [fromCents(100_001), 1, 3650],
    [fromCents(12_345_678), 120, 90],
    [fromCents(101), 10_000, 1],
    [615_384_615n, 125, 7],
    [123_456_789_012_345n, 83, 365],
    [7n, 1, 3650],
  ])("%s microcents at %i bps for %i periods: the schedule sums to the total exactly", (amount, bps, periods) => {
    const schedule = investmentSchedule(amount, bps, periods);
    const total = schedule.reduce((a, b) => a + b, 0n);
    // The exact product, rounded half to even once.
    const exact = amount * BigInt(bps) * BigInt(periods);
    const q = exact / 10_000n;
    const r = exact % 10_000n;
    const expected = r * 2n > 10_000n || (r * 2n === 10_000n && q % 2n === 1n) ? q + 1n : q;
    expect(total).toBe(expected);
    expect(schedule.every((p) => p >= 0n)).toBe(true);
  });
});

describe.each(databaseKinds)("investments on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  const balances = async (c: Client) => (await c.get(API.wallet)).json() as Record<string, string>;
  const buy = (c: Client, body: Record<string, unknown>, key?: string) =>
    c.request({ method: "POST", url: API.investments, json: body, headers: key ? { "idempotency-key": key } : {} });
  const newPackage = async (patch: Record<string, unknown> = {}) => {
    const res = await admin.post(API.adminPackages, {
      name: "Test tier",
      slug: `t-${Math.random().toString(36).slice(2, 10)}`,
      minMicrocents: apiCents(1_000),
      maxMicrocents: apiCents(1_000_000),
      dailyRateBps: 125,
      durationPeriods: 7,
      capitalReturn: true,
      ...patch,
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json() as { id: string; slug: string };
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

  it("offers the three seeded packages; an unknown or inactive slug is 404", async () => {
    const { client } = await signUpVerified(t.app);
    const list = (await client.get(API.packages)).json() as { slug: string; periodSeconds: number }[];
    expect(list.map((p) => p.slug).slice(0, 3)).toEqual(["starter", "growth", "premium"]);
    expect(list[0]?.periodSeconds).toBe(86_400);
    expect((await client.get(API.package("growth"))).json()).toMatchObject({ slug: "growth", capitalReturn: true });
    expect((await client.get(API.package("nope"))).statusCode).toBe(404);
    const off = await newPackage({ active: false });
    expect((await client.get(API.package(off.slug))).statusCode).toBe(404);
    expect((await client.get(API.packages)).json().map((p: { slug: string }) => p.slug)).not.toContain(off.slug);
  });

  it("refuses bad purchases naming the field, and moves nothing", async () => {
    const { client, member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 50_000);
    const pkg = await newPackage({ minMicrocents: apiCents(10_000), maxMicrocents: apiCents(40_000) });
    const before = await balances(client);
    expectError(
      await buy(client, { slug: pkg.slug, amountMicrocents: apiCents(9_999) }),
      400,
      "VALIDATION_FAILED",
      "amountMicrocents",
    );
    expectError(
      await buy(client, { slug: pkg.slug, amountMicrocents: apiCents(40_001) }),
      400,
      "VALIDATION_FAILED",
      "amountMicrocents",
    );
    expectError(await buy(client, { slug: pkg.slug, amount: "99.99" }), 400, "VALIDATION_FAILED", "amount");
    expectError(await buy(client, { slug: pkg.slug, amount: "1.001" }), 400, "VALIDATION_FAILED", "amount");
    expectError(await buy(client, { slug: pkg.slug }), 400, "VALIDATION_FAILED", "amount");
    expectError(
      await buy(client, { slug: "nope", amountMicrocents: apiCents(10_000) }),
      400,
      "VALIDATION_FAILED",
      "slug",
    );
    expectError(await buy(client, { amountMicrocents: apiCents(10_000) }), 400, "VALIDATION_FAILED", "slug");
    const big = await newPackage({ minMicrocents: apiCents(10_000), maxMicrocents: apiCents(1_000_000) });
    expectError(
      await buy(client, { slug: big.slug, amountMicrocents: apiCents(50_001) }),
      409,
      "INSUFFICIENT_FUNDS",
      "amountMicrocents",
    );
    const off = await newPackage({ active: false });
    expectError(
      await buy(client, { slug: off.slug, amountMicrocents: apiCents(10_000) }),
      400,
      "VALIDATION_FAILED",
      "slug",
    );
    expect(await balances(client)).toEqual(before);

    expect((await admin.post(API.adminMemberStatus(member.uid), { action: "block" })).statusCode).toBe(200);
    expectError(await buy(client, { slug: pkg.slug, amountMicrocents: apiCents(10_000) }), 403, "ACCOUNT_BLOCKED");
    await admin.post(API.adminMemberStatus(member.uid), { action: "unblock" });
    const [row] = await queryRows<{ n: string }>(
      t.database,
      sql`select count(*) as n from investments where user_id = ${member.uid}`,
    );
    expect(Number(row?.n)).toBe(0);
  });

  it("buys from the wallet once per Idempotency-Key, with the terms stored on the investment", async () => {
    const { client, member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 100_000);
    const pkg = await newPackage({ dailyRateBps: 125, durationPeriods: 7 });
    const first = await buy(client, { slug: pkg.slug, amount: "123.45" }, "buy-key-0001");
    expect(first.statusCode, first.body).toBe(201);
    const again = await buy(client, { slug: pkg.slug, amount: "123.45" }, "buy-key-0001");
    expect(again.statusCode).toBe(201);
    expect(again.headers["idempotent-replayed"]).toBe("true");
    expect(again.json()).toMatchObject({ replayed: true, investment: { id: first.json().investment.id } });
    expectError(
      await buy(client, { slug: pkg.slug, amount: "123.46" }, "buy-key-0001"),
      409,
      "IDEMPOTENCY_CONFLICT",
      "Idempotency-Key",
    );
    expect((await balances(client)).wallet).toBe(apiCents(100_000 - 12_345));
    const inv = first.json().investment;
    expect(inv).toMatchObject({
      amountMicrocents: apiCents(12_345),
      dailyRateBps: 125,
      durationPeriods: 7,
      periodSeconds: 86_400,
      capitalReturn: true,
      status: "active",
      periodsPaid: 0,
      profitPaidMicrocents: "0",
      // 123.45 × 1.25 % × 7 = 10.801875 USD, exactly.
      totalProfitMicrocents: "1080187500",
      package: { slug: pkg.slug },
    });
    expect(new Date(inv.nextAccrualAt).getTime() - new Date(inv.startedAt).getTime()).toBe(86_400_000);
    // A later edit of the package does not change what was bought; its slug is now fixed.
    const edit = {
      name: "Renamed",
      slug: pkg.slug,
      minMicrocents: apiCents(1_000),
      maxMicrocents: apiCents(1_000_000),
      dailyRateBps: 999,
      durationPeriods: 2,
      capitalReturn: false,
    };
    expect((await admin.put(API.adminPackage(pkg.id), edit)).statusCode).toBe(200);
    expectError(await admin.put(API.adminPackage(pkg.id), { ...edit, slug: "other-slug" }), 409, "CONFLICT", "slug");
    expect((await admin.request({ method: "DELETE", url: API.adminPackage(pkg.id) })).statusCode).toBe(409);
    const invoice = (await client.get(API.investment(inv.id))).json();
    expect(invoice).toMatchObject({
      dailyRateBps: 125,
      durationPeriods: 7,
      capitalReturn: true,
      capitalReturnMicrocents: apiCents(12_345),
    });
    // 10.801875 ÷ 7 = 1.543125 a period, with no remainder for the last.
    expect(invoice.schedule.map((p: { amountMicrocents: string }) => p.amountMicrocents)).toEqual([
      "154312500",
      "154312500",
      "154312500",
      "154312500",
      "154312500",
      "154312500",
      "154312500",
    ]);
    expect((await client.get(API.investments)).json()).toMatchObject({ total: 1, items: [{ id: inv.id }] });
    // Another member's invoice, or a malformed id, is 404.
    const other = (await signUpVerified(t.app)).client;
    expect((await other.get(API.investment(inv.id))).statusCode).toBe(404);
    expect((await other.get(API.investment("not-an-id"))).statusCode).toBe(404);
    expect((await other.get(API.investments)).json().total).toBe(0);
  });

  it("manages packages in the back office, audited; a package nobody invested in can be deleted", async () => {
    const pkg = await newPackage({ name: "Audit me" });
    expectError(await admin.post(API.adminPackages, { name: "x" }), 400, "VALIDATION_FAILED", "slug");
    expectError(
      await admin.post(API.adminPackages, {
        name: "Bad",
        slug: "Bad Slug",
        minMicrocents: apiCents(5),
        maxMicrocents: apiCents(1),
        dailyRateBps: 0,
        durationPeriods: 1,
        capitalReturn: true,
      }),
      400,
      "VALIDATION_FAILED",
      "maxMicrocents",
    );
    expectError(
      await admin.post(API.adminPackages, {
        name: "Dup",
        slug: pkg.slug,
        minMicrocents: apiCents(100),
        maxMicrocents: apiCents(200),
        dailyRateBps: 10,
        durationPeriods: 1,
        capitalReturn: true,
      }),
      409,
      "CONFLICT",
      "slug",
    );
    const listed = (await admin.get(API.adminPackages)).json() as { id: string; investmentCount: number }[];
    expect(listed.find((p) => p.id === pkg.id)?.investmentCount).toBe(0);
    expect((await admin.request({ method: "DELETE", url: API.adminPackage(pkg.id) })).statusCode).toBe(204);
    const audit = (await admin.get(`${API.adminAudit}?pageSize=10`))
      .json()
      .items.map((a: { action: string }) => a.action);
    expect(audit).toEqual(expect.arrayContaining(["package.create", "package.delete"]));
    const { client } = await signUpVerified(t.app);
    expect((await client.get(API.adminPackages)).statusCode).toBe(404);
  });

  it("lists investments for admins with filters and totals, and dashboard figures", async () => {
    const { client, member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 300_000);
    const pkg = await newPackage();
    for (const cents of [10_000, 20_000])
      expect((await buy(client, { slug: pkg.slug, amountMicrocents: apiCents(cents) })).statusCode).toBe(201);
    const list = (
      await admin.get(`${API.adminInvestments}?packageId=${pkg.id}&status=active&uid=${member.uid}`)
    ).json();
    expect(list.totals).toEqual({ count: 2, amountMicrocents: apiCents(30_000), profitPaidMicrocents: "0" });
    expect(list.items[0].member.uid).toBe(member.uid);
    expect((await admin.get(`${API.adminInvestments}?status=matured&uid=${member.uid}`)).json().total).toBe(0);
    expectError(await admin.get(`${API.adminInvestments}?status=bogus`), 400, "VALIDATION_FAILED", "status");
    const dashboard = (await admin.get(API.adminDashboard)).json();
    expect(BigInt(dashboard.investments.investedCapitalMicrocents)).toBeGreaterThanOrEqual(fromCents(30_000));
    expect((await admin.get(API.adminInvestmentsSummary)).json().activeCount).toBeGreaterThanOrEqual(2);
  });
});
