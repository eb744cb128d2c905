import { randomUUID } from "node:crypto";
import {
  API,
  DEMO_GRANT_MICROCENTS,
  fromCents,
  houseResultSchema,
  priceToUnits,
  walletBalancesSchema,
} from "@helio/shared";
import { sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  openSocket,
  openTestDatabase,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
  waitFor,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";
import { amountAskedOf } from "../../platform/money/rate-quote.ts";
import { ledgerTotals, moneyTransaction, postTransactions } from "../ledger/index.ts";
import { outcomeOf, placeContract, SETTLE_GRACE_MS, settleDue, tradeConfig } from "./service.ts";
import { tradeContracts } from "./tables.ts";

const units = (text: string) => priceToUnits(text) as number;

describe("outcomeOf", () => {
  it.each([
    { direction: "up", entry: "100", exit: "101", result: "win", payoutCents: 1850 },
    { direction: "up", entry: "100", exit: "99", result: "loss", payoutCents: 0 },
    { direction: "down", entry: "100", exit: "99", result: "win", payoutCents: 1850 },
    { direction: "down", entry: "100", exit: "101", result: "loss", payoutCents: 0 },
    { direction: "up", entry: "100", exit: "100", result: "equal", payoutCents: 1000 },
    { direction: "down", entry: "100", exit: null, result: "void", payoutCents: 1000 },
  ])("$direction $entry → $exit is $result", ({ direction, entry, exit, result, payoutCents }) => {
    const stake = { direction, entryPrice: units(entry), amount: fromCents(1000), payoutPercent: 85 };
    expect(outcomeOf(stake, exit ? units(exit) : null)).toEqual({ result, payout: fromCents(payoutCents) });
  });
  it("rounds the payout once to the microcent, half to even", () => {
    const win = (amount: bigint) => outcomeOf({ direction: "up", entryPrice: 1, amount, payoutPercent: 85 }, 2).payout;
    // 1.01 USD × 1.85 = 1.8685 USD exactly: no longer rounded to the cent.
    expect(win(fromCents(101))).toBe(186_850_000n);
    // In microcents: 101 × 1.85 = 186.85 → 187; 110 × 1.85 = 203.5 → 204 (even); 130 × 1.85 = 240.5 → 240 (even)
    expect([win(101n), win(110n), win(130n)]).toEqual([187n, 204n, 240n]);
  });
});

describe.each(databaseKinds)("trading on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  const deps = () => ({ ...t.app.services });
  const tick = (symbol: string, price: string, at = new Date()) =>
    t.app.services.market.record([{ symbol, price: units(price), at }]);
  const setSettings = (patch: Record<string, unknown>) => changeSettings(admin, patch);
  const balances = async (c: Client) => walletBalancesSchema.parse((await c.get(API.wallet)).json());

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

  const place = (c: Client, body: Record<string, unknown>, key?: string) =>
    c.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", amountMicrocents: apiCents(1000), durationSeconds: 30, ...body },
      headers: key ? { "idempotency-key": key } : {},
    });

  describe.each([
    { mode: "Free", real: false, account: "demo" as const },
    { mode: "Real", real: true, account: "wallet" as const },
  ])("settlement ($mode)", ({ real, account }) => {
    // Each case writes its own ticks around its expiry: start every case from an empty BTC tape.
    afterEach(async () => {
      await t.database.db.execute(sql`delete from market_ticks where symbol = 'BTC'`);
    });
    it.each([
      { direction: "up", exit: "95001", result: "win", delta: 850 },
      { direction: "up", exit: "94999", result: "loss", delta: -1000 },
      { direction: "down", exit: "94999", result: "win", delta: 850 },
      { direction: "down", exit: "95001", result: "loss", delta: -1000 },
      { direction: "up", exit: "95000", result: "equal", delta: 0 },
      { direction: "down", exit: null, result: "void", delta: 0 },
    ])("$direction to $exit → $result", async ({ direction, exit, result, delta }) => {
      const { client, member } = await signUpVerified(t.app);
      if (real) {
        expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: true })).statusCode).toBe(200);
        await fundWallet(admin, member.uid, 50_000);
      }
      const before = (await balances(client))[account];
      await tick("BTC", "95000");
      const res = await place(client, { direction });
      expect(res.statusCode, res.body).toBe(201);
      const contract = res.json();
      expect(contract).toMatchObject({ account, entryPrice: "95000.00", payoutPercent: 85, status: "open" });
      expect((await balances(client))[account]).toBe(before - fromCents(1000));
      const expiresAt = new Date(contract.expiresAt);
      if (exit) await tick("BTC", exit, new Date(expiresAt.getTime() - 500));
      // A tick after expiry never counts.
      await tick("BTC", "1", new Date(expiresAt.getTime() + 1));
      const settled = await settleDue(deps(), { now: new Date(expiresAt.getTime() + SETTLE_GRACE_MS + 10) });
      const mine = settled.find((c) => c.id === contract.id);
      expect(mine).toMatchObject({ status: "settled", result });
      expect((await balances(client))[account]).toBe(before + fromCents(delta));
      const history = (await client.get(API.tradesHistory)).json();
      expect(history.items[0]).toMatchObject({ id: contract.id, result });
      // Exactly once: a second pass finds nothing.
      const again = await settleDue(deps(), { now: new Date(expiresAt.getTime() + 60_000) });
      expect(again.find((c) => c.id === contract.id)).toBeUndefined();
    });
  });

  it("lets a member switch to Real once the wallet holds money, and back; the next trade takes that account", async () => {
    const { client, member } = await signUpVerified(t.app);
    const switchTo = (mode: string, c = client) => c.put(API.tradesMode, { mode });
    // No real money yet: Real stays closed and the mode is unchanged.
    expectError(await switchTo("real"), 403, "REAL_BALANCE_REQUIRED");
    expect((await client.get(API.me)).json().userTrading).toBe(false);

    await fundWallet(admin, member.uid, 5_000);
    const real = await switchTo("real");
    expect(real.statusCode, real.body).toBe(200);
    expect(real.json()).toEqual({ mode: "real" });
    expect((await client.get(API.me)).json()).toMatchObject({ userTrading: true, tradingLocked: false });
    await tick("ETH", "3000");
    const before = await balances(client);
    const onWallet = await place(client, { symbol: "ETH" });
    expect(onWallet.json()).toMatchObject({ account: "wallet" });
    const afterReal = await balances(client);
    expect([afterReal.wallet, afterReal.demo]).toEqual([before.wallet - fromCents(1000), before.demo]);

    expect((await switchTo("practice")).statusCode).toBe(200);
    expect((await client.get(API.me)).json().userTrading).toBe(false);
    const onDemo = await place(client, { symbol: "ETH" });
    expect(onDemo.json()).toMatchObject({ account: "demo" });
    const afterPractice = await balances(client);
    expect([afterPractice.wallet, afterPractice.demo]).toEqual([afterReal.wallet, afterReal.demo - fromCents(1000)]);

    const bad = await switchTo("demo");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields[0].field).toBe("mode");
  });

  it("keeps a member an admin locked to Practice there (403 TRADING_MODE_LOCKED), audited, until the lock is lifted", async () => {
    const { client, member } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 5_000);
    expect((await client.put(API.tradesMode, { mode: "real" })).statusCode).toBe(200);

    // The lock moves a Real member back to Practice at once.
    const locked = await admin.put(API.adminMemberTradingLock(member.uid), { locked: true });
    expect(locked.statusCode, locked.body).toBe(200);
    expect(locked.json()).toMatchObject({ tradingLocked: true, userTrading: false });
    expect((await client.get(API.me)).json()).toMatchObject({ tradingLocked: true, userTrading: false });
    expectError(await client.put(API.tradesMode, { mode: "real" }), 403, "TRADING_MODE_LOCKED");
    expect((await client.put(API.tradesMode, { mode: "practice" })).statusCode).toBe(200);
    expect((await client.get(API.me)).json().userTrading).toBe(false);
    // Only an admin locks (the back office's routes do not exist for a member).
    expect((await client.put(API.adminMemberTradingLock(member.uid), { locked: false })).statusCode).toBe(404);
    const badLock = await admin.put(API.adminMemberTradingLock(member.uid), { locked: "yes" });
    expect(badLock.statusCode).toBe(400);
    expect(badLock.json().error.fields[0].field).toBe("locked");

    expect((await admin.put(API.adminMemberTradingLock(member.uid), { locked: false })).json().tradingLocked).toBe(
      false,
    );
    expect((await client.put(API.tradesMode, { mode: "real" })).statusCode).toBe(200);

    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json().items;
    const lockItems = audit.filter((i: { action: string }) => i.action === "member.trading_lock");
    expect(lockItems.map((i: { after: unknown }) => i.after)).toEqual([
      { tradingLocked: false, userTrading: false },
      { tradingLocked: true, userTrading: false },
    ]);
    expect(lockItems[1].before).toEqual({ tradingLocked: false, userTrading: true });
  });

  it("offers the stake presets within the limits", async () => {
    const { client } = await signUpVerified(t.app);
    const restore = await setSettings({
      tradeMinMicrocents: apiCents(1_000),
      tradeAmountPresetsMicrocents: [500, 1_000, 5_000].map(apiCents),
    });
    try {
      expect((await client.get(API.tradesConfig)).json().amountPresetsMicrocents).toEqual([1_000, 5_000].map(apiCents));
    } finally {
      await setSettings(restore);
    }
  });

  it("offers a test server's short contract after the settings' durations; it runs that many seconds", async () => {
    const { client, member } = await signUpVerified(t.app);
    await tick("BTC", "95000");
    const short = { ...deps(), shortContractSeconds: 5 };
    expect((await tradeConfig(short)).durations).toEqual([30, 60, 300, 900, 1800, 3600, 5]);
    const placement = { symbol: "BTC", direction: "up", durationSeconds: 5 } as const;
    const { body: contract } = await placeContract(
      short,
      member.uid,
      { ...placement, ...amountAskedOf({ amountMicrocents: fromCents(1_000) }, "USD") },
      null,
    );
    expect(Date.parse(contract.expiresAt) - Date.parse(contract.entryAt)).toBe(5_000);
    expect((await balances(client)).demo).toBe(DEMO_GRANT_MICROCENTS - fromCents(1_000));
  });

  it("reads the house result from the ledger's trading_house account", async () => {
    const { client } = await signUpVerified(t.app);
    const house = async () => houseResultSchema.parse((await admin.get(API.adminTradesHouse)).json());
    const before = await house();
    await tick("SOL", "150");
    const placed = await place(client, { symbol: "SOL", direction: "up", durationSeconds: 60 });
    expect(placed.statusCode).toBe(201);
    const after = await house();
    // A practice stake: the demo side takes it at once and counts it open; real money is untouched.
    expect(after.demo.stakesMicrocents - before.demo.stakesMicrocents).toBe(fromCents(1000));
    expect(after.demo.resultMicrocents - before.demo.resultMicrocents).toBe(fromCents(1000));
    expect(after.demo.open - before.demo.open).toBe(1);
    expect(after.real).toEqual(before.real);
    // Both sides together are exactly what the trading house account holds.
    const { systemAccounts } = await ledgerTotals(t.app.services.db);
    expect(after.real.resultMicrocents + after.demo.resultMicrocents).toBe(systemAccounts.trading_house);
  });

  it("lists open contracts with whether each is winning now, history totals and CSV; others get 404", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    await tick("ETH", "3000");
    const up = (await place(client, { symbol: "ETH", direction: "up", durationSeconds: 60 })).json();
    await place(client, { symbol: "ETH", direction: "down", durationSeconds: 60 });
    await tick("ETH", "3001");
    const open = (await client.get(API.tradesOpen)).json() as { direction: string; winning: boolean }[];
    expect(open.map((o) => [o.direction, o.winning])).toEqual([
      ["up", true],
      ["down", false],
    ]);
    const other = (await signUpVerified(t.app)).client;
    expect((await other.get(`/api/trades/${up.id}`)).statusCode).toBe(404);
    expect((await client.get(`/api/trades/${up.id}`)).statusCode).toBe(200);
    await tick("ETH", "3002", new Date(new Date(up.expiresAt).getTime() - 100));
    await settleDue(deps(), { now: new Date(new Date(up.expiresAt).getTime() + 5000) });
    const history = (await client.get(`${API.tradesHistory}?symbol=eth`)).json();
    expect(history.totals).toEqual({
      count: 2,
      wonMicrocents: apiCents(850),
      lostMicrocents: apiCents(1000),
      netMicrocents: apiCents(-150),
    });
    expect((await client.get(`${API.tradesHistory}?result=win`)).json().total).toBe(1);
    const csv = await client.get(API.tradesHistoryCsv);
    expect(csv.headers["content-type"]).toContain("text/csv");
    expect(csv.body.trim().split("\r\n")).toHaveLength(3);
    const house = (await admin.get(API.adminTradesHouse)).json();
    expect(house.demo.resultMicrocents).toMatch(/^-?\d+$/);
    expect((await admin.get(`${API.adminTrades}?uid=x`)).json().total).toBe(0);
    const listed = (await admin.get(`${API.adminTrades}?uid=${member.uid}&status=settled`)).json();
    expect(listed.total).toBe(2);
    expect(listed.items.find((i: { id: string }) => i.id === up.id)).toMatchObject({
      id: up.id,
      userId: member.uid,
      member: { fullName: `${input.firstName} ${input.lastName}`, userName: member.userName },
    });
    expect((await client.get(API.adminTrades)).statusCode).toBe(404);
  });

  it("lists and totals Real and Practice apart: `mode` filters, the current mode is the default", async () => {
    const { client, member } = await signUpVerified(t.app);
    await tick("LTC", "2.5");
    // A practice contract (a new member trades Free), then two real ones once the wallet holds money.
    const practice = (
      await place(client, { symbol: "LTC", direction: "up", amountMicrocents: apiCents(5_000) })
    ).json();
    await fundWallet(admin, member.uid, 50_000);
    expect((await client.put(API.tradesMode, { mode: "real" })).statusCode).toBe(200);
    const realUp = (await place(client, { symbol: "LTC", direction: "up", amountMicrocents: apiCents(1_000) })).json();
    const realDown = (
      await place(client, { symbol: "LTC", direction: "down", amountMicrocents: apiCents(2_000) })
    ).json();
    const openIds = async (query: string) =>
      ((await client.get(`${API.tradesOpen}${query}`)).json() as { id: string }[]).map((o) => o.id).sort();
    expect(await openIds("?mode=real")).toEqual([realUp.id, realDown.id].sort());
    expect(await openIds("?mode=practice")).toEqual([practice.id]);
    expect(await openIds("")).toHaveLength(3);
    expectError(await client.get(`${API.tradesOpen}?mode=both`), 400, "VALIDATION_FAILED", "mode");

    // After every entry, before every expiry: each contract's exit.
    await tick("LTC", "2.6", new Date(new Date(practice.expiresAt).getTime() - 100));
    await settleDue(deps(), { now: new Date(new Date(realDown.expiresAt).getTime() + 5000) });
    const history = async (query = "") => (await client.get(`${API.tradesHistory}${query}`)).json();
    // Real (the member's mode now, so also the default): 1,000 won at 85 %, 2,000 lost.
    const real = {
      count: 2,
      wonMicrocents: apiCents(850),
      lostMicrocents: apiCents(2_000),
      netMicrocents: apiCents(-1_150),
    };
    expect(await history("?mode=real")).toMatchObject({ mode: "real", total: 2, totals: real });
    expect(await history()).toMatchObject({ mode: "real", totals: real });
    const free = await history("?mode=practice");
    expect(free).toMatchObject({
      mode: "practice",
      total: 1,
      totals: { count: 1, wonMicrocents: apiCents(4_250), netMicrocents: apiCents(4_250) },
    });
    expect(free.items.map((i: { account: string }) => i.account)).toEqual(["demo"]);
    // Back in Free, the default follows; the CSV lists the same one mode.
    expect((await client.put(API.tradesMode, { mode: "practice" })).statusCode).toBe(200);
    expect(await history()).toMatchObject({ mode: "practice", total: 1 });
    const csv = (await client.get(`${API.tradesHistoryCsv}?mode=real`)).body.trim().split("\r\n");
    expect(csv.slice(1).every((line) => line.includes(",wallet,"))).toBe(true);
    expect(csv).toHaveLength(3);
    expectError(await client.get(`${API.tradesHistory}?mode=all`), 400, "VALIDATION_FAILED", "mode");
  });

  it("counts Real money only in the back office dashboard's house result, Practice apart", async () => {
    const { client, member } = await signUpVerified(t.app);
    const dashboard = async () => (await admin.get(API.adminDashboard)).json();
    const before = await dashboard();
    await tick("LTC", "80");
    await place(client, { symbol: "LTC", amountMicrocents: apiCents(7_000) });
    await fundWallet(admin, member.uid, 10_000);
    expect((await client.put(API.tradesMode, { mode: "real" })).statusCode).toBe(200);
    await place(client, { symbol: "LTC", amountMicrocents: apiCents(3_000) });
    const after = await dashboard();
    const change = (side: "realMicrocents" | "practiceMicrocents") =>
      BigInt(after.tradingHouse[side]) - BigInt(before.tradingHouse[side]);
    expect(change("realMicrocents")).toBe(fromCents(3_000));
    expect(change("practiceMicrocents")).toBe(fromCents(7_000));
    // The same figures as /admin/trading's, and together what the trading house account holds.
    const house = (await admin.get(API.adminTradesHouse)).json();
    expect(after.tradingHouse).toEqual({
      realMicrocents: house.real.resultMicrocents,
      practiceMicrocents: house.demo.resultMicrocents,
    });
    expect(BigInt(after.tradingHouse.realMicrocents) + BigInt(after.tradingHouse.practiceMicrocents)).toBe(
      BigInt(after.systemAccounts.trading_house),
    );
  });

  it("pushes the result and the new balance to the member's open tabs", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { client } = await signUpVerified(t.app);
    const socket = await openSocket(t.app, client);
    try {
      await socket.next("ready");
      await tick("LINK", "18.5");
      const contract = (await place(client, { symbol: "LINK", direction: "down" })).json();
      const expiresAt = new Date(contract.expiresAt);
      await tick("LINK", "18.4", new Date(expiresAt.getTime() - 200));
      await settleDue(deps(), { now: new Date(expiresAt.getTime() + 5000) });
      const settled = await socket.next("trade.settled");
      expect(settled).toMatchObject({ contract: { id: contract.id, result: "win", payoutMicrocents: apiCents(1850) } });
      await waitFor(() =>
        socket.messages.find(
          (m) => m.type === "balances" && (m.balances as { demo?: string }).demo === apiCents(1_000_850),
        ),
      );
    } finally {
      socket.ws.terminate();
    }
  });

  it("writes the history CSV through the guarded writer: formula-like text is prefixed with '", async () => {
    const { client, member } = await signUpVerified(t.app);
    // Pair names come from a fixed list today; a row whose text starts like a formula stands in
    // for any text column that could one day carry it.
    const id = randomUUID();
    const at = new Date(Date.now() - 120_000);
    await moneyTransaction(t.database.db, async (tx) => {
      await postTransactions(tx, [
        {
          kind: "trade_stake",
          idempotencyKey: `trade-stake:${id}`,
          legs: [
            { account: { userId: member.uid, account: "demo" }, amount: -fromCents(1000) },
            { account: { system: "trading_house" }, amount: fromCents(1000) },
          ],
          reference: { type: "trade", id },
        },
      ]);
      await tx.insert(tradeContracts).values({
        id,
        userId: member.uid,
        symbol: '=HYPERLINK("http://x")',
        direction: "up",
        amount: fromCents(1000),
        account: "demo",
        payoutPercent: 85,
        durationSeconds: 30,
        entryPrice: units("1"),
        entryAt: at,
        expiresAt: new Date(at.getTime() + 30_000),
        status: "settled",
        result: "loss",
        exitPrice: units("0.9"),
        payout: 0n,
        settledAt: new Date(at.getTime() + 31_000),
      });
    });
    const csv = await client.get(API.tradesHistoryCsv);
    expect(csv.statusCode).toBe(200);
    const [header, line] = csv.body.split("\r\n");
    expect(header).toBe(
      "id,pair,direction,amount_usd,account,payout_percent,duration_seconds,entry_price,exit_price,result,payout_usd,opened_at,expires_at,settled_at",
    );
    expect(line).toContain(`,"'=HYPERLINK(""http://x"")/USDT",up,10.00,demo,85,30,`);
    expect(line).toContain(",loss,0.00,");
  });

  it("replays a repeated Idempotency-Key without a second stake", async () => {
    const { client } = await signUpVerified(t.app);
    await tick("BTC", "95000");
    const first = await place(client, {}, "trade-key-0001");
    const second = await place(client, {}, "trade-key-0001");
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201); // the same answer as the first, status included
    expect(second.json().id).toBe(first.json().id);
    expect((await balances(client)).demo).toBe(DEMO_GRANT_MICROCENTS - fromCents(1000));
  });

  it("refuses bad input naming the field", async () => {
    const { client } = await signUpVerified(t.app);
    await tick("BTC", "95000");
    expectError(await place(client, { symbol: "PEPE" }), 400, "VALIDATION_FAILED", "symbol");
    for (const amountMicrocents of [
      apiCents(0),
      apiCents(-5),
      apiCents(99), // under the 1.00 USD minimum
      apiCents(1_000_001), // over the 10,000.00 USD maximum
      10.5, // not a whole microcent
      "12.34", // a decimal belongs in `amount`
    ])
      expectError(await place(client, { amountMicrocents }), 400, "VALIDATION_FAILED", "amountMicrocents");
    expectError(await place(client, { durationSeconds: 45 }), 400, "VALIDATION_FAILED", "durationSeconds");
    // A short contract only where a test server offers one (config SHORT_CONTRACT_SECONDS).
    expectError(await place(client, { durationSeconds: 5 }), 400, "VALIDATION_FAILED", "durationSeconds");
    expectError(await place(client, { direction: "sideways" }), 400, "VALIDATION_FAILED", "direction");
    await tick("DOT", "7", new Date(Date.now() - 60_000));
    expectError(await place(client, { symbol: "DOT" }), 400, "VALIDATION_FAILED", "symbol");
    expectError(await place(client, { symbol: "AVAX" }), 400, "VALIDATION_FAILED", "symbol"); // never priced
    await setSettings({ tradeDurations: [60] });
    try {
      expectError(await place(client, { durationSeconds: 30 }), 400, "VALIDATION_FAILED", "durationSeconds");
    } finally {
      await setSettings({ tradeDurations: [30, 60, 300, 900, 1800, 3600] });
    }
    expect((await balances(client)).demo).toBe(DEMO_GRANT_MICROCENTS);
  });

  it("enforces the open-contract limit, and concurrent stakes never overdraw", async () => {
    const { client, member } = await signUpVerified(t.app);
    await tick("SOL", "180");
    await setSettings({ tradeOpenLimit: 3 });
    try {
      const results = await Promise.all(Array.from({ length: 6 }, () => place(client, { symbol: "SOL" })));
      expect(results.filter((r) => r.statusCode === 201)).toHaveLength(3);
      expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    } finally {
      await setSettings({ tradeOpenLimit: 20 });
    }
    // 9,970.00 demo left: 20 stakes of 1,000.00 at once → at most 9 succeed.
    const many = await Promise.all(
      Array.from({ length: 20 }, () => place(client, { symbol: "SOL", amountMicrocents: apiCents(100_000) })),
    );
    const ok = many.filter((r) => r.statusCode === 201).length;
    expect(ok).toBe(9);
    for (const r of many.filter((x) => x.statusCode !== 201)) expectError(r, 409, "INSUFFICIENT_FUNDS");
    const b = await balances(client);
    expect(b.demo).toBe(DEMO_GRANT_MICROCENTS - fromCents(3000 + 900_000));
    const [row] = await queryRows<{ n: string }>(
      t.database,
      sql`select count(*) as n from trade_contracts where user_id = ${member.uid}`,
    );
    expect(Number(row?.n)).toBe(12);
  });

  it("settles 300 contracts of many members expiring in the same second in one call, each paid once", async () => {
    const traders = await Promise.all(Array.from({ length: 10 }, () => signUpVerified(t.app)));
    const symbols = ["ADA", "TRX", "DOGE"] as const;
    const entry = { ADA: "0.75", TRX: "0.2", DOGE: "0.38" };
    // 300 open contracts, as placement leaves them: the stake taken through the ledger, the row
    // written; they all expire within one second. Stakes carry odd microcents, so payouts round.
    const expiry = new Date(Date.now() - 5_000);
    const placed = traders.flatMap(({ member }, m) =>
      Array.from({ length: 30 }, (_, j) => {
        const symbol = symbols[(m + j) % 3] as (typeof symbols)[number];
        return {
          id: randomUUID(),
          userId: member.uid,
          symbol,
          direction: j % 2 ? "up" : "down",
          amount: fromCents(100 + 7 * j + m) + BigInt(j),
          account: "demo",
          payoutPercent: 85,
          durationSeconds: 30,
          entryPrice: units(entry[symbol]),
          entryAt: new Date(expiry.getTime() - 30_000),
          expiresAt: new Date(expiry.getTime() + (((m * 30 + j) * 3) % 1000)),
        };
      }),
    );
    const before = new Map<string, bigint>();
    for (const { client, member } of traders) before.set(member.uid, (await balances(client)).demo);
    await moneyTransaction(t.database.db, async (tx) => {
      await postTransactions(
        tx,
        placed.map((c) => ({
          kind: "trade_stake" as const,
          idempotencyKey: `trade-stake:${c.id}`,
          legs: [
            { account: { userId: c.userId, account: "demo" as const }, amount: -c.amount },
            { account: { system: "trading_house" as const }, amount: c.amount },
          ],
          reference: { type: "trade", id: c.id },
        })),
      );
      await tx.insert(tradeContracts).values(placed);
    });
    // ADA ends higher (up wins, down loses), TRX where it started (equal); DOGE's last tick is
    // older than marketStaleSeconds at expiry (void).
    await t.app.services.market.record([
      { symbol: "ADA", price: units("0.76"), at: new Date(expiry.getTime() - 500) },
      { symbol: "TRX", price: units("0.2"), at: new Date(expiry.getTime() - 500) },
      { symbol: "DOGE", price: units("0.5"), at: new Date(expiry.getTime() - 60_000) },
    ]);

    const settled = await settleDue(deps(), { now: new Date(expiry.getTime() + 1000 + SETTLE_GRACE_MS), limit: 500 });
    const byId = new Map(settled.map((c) => [c.id, c]));
    const expected = (c: (typeof placed)[number]) => {
      if (c.symbol === "DOGE") return { result: "void", payoutMicrocents: c.amount, exitPrice: null };
      if (c.symbol === "TRX") return { result: "equal", payoutMicrocents: c.amount, exitPrice: "0.20" };
      return c.direction === "up"
        ? { result: "win", payoutMicrocents: outcomeOf(c, c.entryPrice + 1).payout, exitPrice: "0.76" }
        : { result: "loss", payoutMicrocents: 0n, exitPrice: "0.76" };
    };
    for (const c of placed) expect(byId.get(c.id), c.id).toMatchObject({ status: "settled", ...expected(c) });

    // Each member's demo balance got exactly its payouts; one balanced payout movement per paid contract.
    for (const { client, member } of traders) {
      const own = placed.filter((c) => c.userId === member.uid);
      const paid = own.reduce((sum, c) => sum + expected(c).payoutMicrocents, 0n);
      const staked = own.reduce((sum, c) => sum + c.amount, 0n);
      expect((await balances(client)).demo).toBe((before.get(member.uid) as bigint) - staked + paid);
    }
    const ids = JSON.stringify(placed.map((c) => c.id));
    const payouts = await queryRows<{ reference_id: string; n: number; entries: number; total: string }>(
      t.database,
      sql`select tr.reference_id, count(distinct tr.id)::int as n, count(e.id)::int as entries, sum(e.amount)::text as total
          from ledger_transactions tr join ledger_entries e on e.transaction_id = tr.id
          where tr.kind = 'trade_payout'
            and tr.reference_id in (select value from json_array_elements_text(${ids}::json))
          group by tr.reference_id`,
    );
    expect(payouts).toHaveLength(placed.filter((c) => expected(c).payoutMicrocents > 0n).length);
    for (const row of payouts) expect([row.n, row.entries, BigInt(row.total)]).toEqual([1, 2, 0n]);
    // Exactly once: nothing of these is due any more.
    const again = await settleDue(deps(), { now: new Date(expiry.getTime() + 60_000), limit: 500 });
    expect(again.filter((c) => byId.has(c.id))).toEqual([]);
  });
});

describe.each(databaseKinds)("settlement across restarts and processes on %s", (kind) => {
  // Needs several connections to one database: defined only in the PostgreSQL run (not skipped elsewhere).
  const onPostgres = kind === "postgres" ? it : ((() => undefined) as unknown as typeof it);
  it("a restarted app settles overdue contracts from stored ticks", async () => {
    const database = await openTestDatabase(kind);
    let first: TestApp | undefined = await createTestApp(kind, { database, env: { WORKERS: "off" } });
    let second: TestApp | undefined;
    try {
      const { client, member } = await signUpVerified(first.app);
      await first.app.services.market.record([{ symbol: "XRP", price: units("1.1"), at: new Date() }]);
      const res = await client.post(API.trades, {
        symbol: "XRP",
        direction: "up",
        amountMicrocents: apiCents(1000),
        durationSeconds: 30,
      });
      expect(res.statusCode, res.body).toBe(201);
      const expiresAt = new Date(res.json().expiresAt);
      await first.app.services.market.record([
        { symbol: "XRP", price: units("1.2"), at: new Date(expiresAt.getTime() - 1000) },
      ]);
      await first.close();
      first = undefined;
      second = await createTestApp(kind, { database, env: { WORKERS: "off" } });
      const settled = await settleDue(second.app.services, { now: new Date(expiresAt.getTime() + 60_000) });
      expect(settled).toHaveLength(1);
      expect(settled[0]).toMatchObject({ result: "win", payoutMicrocents: fromCents(1850), exitPrice: "1.20" });
      const [row] = await queryRows<{ balance: string }>(
        database,
        sql`select balance from balances where user_id = ${member.uid} and account = 'demo'`,
      );
      expect(row && BigInt(row.balance)).toBe(fromCents(1_000_000 + 850));
      await expectSoundLedger(database);
    } finally {
      await first?.close();
      await second?.close();
      await database.close();
    }
  });

  onPostgres("two workers racing never settle one contract twice", async () => {
    const database = await openTestDatabase(kind);
    const a = await createTestApp(kind, { database, env: { WORKERS: "off" } });
    const { openDatabase } = await import("../../db/client.ts");
    const otherDb = await openDatabase({ kind: "postgres", url: (database as { url?: string }).url as string });
    const b = await createTestApp(kind, { database: otherDb, env: { WORKERS: "off" } });
    try {
      await a.app.services.market.record([{ symbol: "BNB", price: units("600"), at: new Date() }]);
      const ids: string[] = [];
      for (let i = 0; i < 6; i++) {
        const { client } = await signUpVerified(a.app);
        for (let j = 0; j < 5; j++) {
          const res = await client.post(API.trades, {
            symbol: "BNB",
            direction: j % 2 ? "up" : "down",
            amountMicrocents: apiCents(1000),
            durationSeconds: 30,
          });
          expect(res.statusCode, res.body).toBe(201);
          ids.push(res.json().id);
        }
      }
      await a.app.services.market.record([{ symbol: "BNB", price: units("601"), at: new Date(Date.now() + 29_000) }]);
      const later = new Date(Date.now() + 120_000);
      const loop = async (app: TestApp) => {
        const got: string[] = [];
        for (let i = 0; i < 10; i++)
          got.push(...(await settleDue(app.app.services, { now: later, limit: 3 })).map((c) => c.id));
        return got;
      };
      const [fromA, fromB] = await Promise.all([loop(a), loop(b)]);
      const all = [...fromA, ...fromB];
      expect(all.sort()).toEqual([...ids].sort());
      expect(fromA.length).toBeGreaterThan(0);
      expect(fromB.length).toBeGreaterThan(0);
      const rows = await queryRows<{ n: string }>(
        database,
        sql`select count(*) as n from ledger_transactions where kind = 'trade_payout' group by reference_id having count(*) > 1`,
      );
      expect(rows).toEqual([]);
      await expectSoundLedger(database);
    } finally {
      await b.close();
      await otherDb.close();
      await a.close();
      await database.close();
    }
  });
});
