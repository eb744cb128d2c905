import { API, fromCents, priceToUnits, walletBalancesSchema } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, idr, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("trades in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const place = async (client: Client, stake: Record<string, unknown>, key?: string) => {
    await t.app.services.market.record([{ symbol: "BTC", price: priceToUnits("95000") as number, at: new Date() }]);
    return client.request({
      method: "POST",
      url: API.trades,
      json: { symbol: "BTC", direction: "up", durationSeconds: 30, ...stake },
      headers: key ? { "idempotency-key": key } : {},
    });
  };
  const balances = async (c: Client) => walletBalancesSchema.parse((await c.get(API.wallet)).json());
  const openCount = async (c: Client) => ((await c.get(API.tradesOpen)).json() as unknown[]).length;
  /** An IDR member trading real money, with 1,000.00 USD in the wallet. */
  const realIdrMember = async () => {
    const { client, member } = await signUpVerified(t.app, { currency: "IDR" });
    expect((await admin.put(API.adminMemberTrading(member.uid), { userTrading: true })).statusCode).toBe(200);
    await fundWallet(admin, member.uid, 100_000);
    return client;
  };

  it("stakes exactly the converted amount", async () => {
    const client = await realIdrMember();
    const res = await place(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountMicrocents: apiCents(1000), account: "wallet", status: "open" });
    expect((await balances(client)).wallet).toBe(fromCents(99_000));
    // 100,000 IDR at 16,250 IDR/USD is 6.15384615… USD: staked to the microcent, not rounded to the cent.
    const uneven = await place(client, idr("100000"));
    expect(uneven.statusCode, uneven.body).toBe(201);
    expect(uneven.json()).toMatchObject({ amountMicrocents: "615384615" });
    expect((await balances(client)).wallet).toBe(fromCents(99_000) - 615_384_615n);
  });

  it("refuses a rate that is no longer current and stakes nothing; a replay answers as before", async () => {
    const client = await realIdrMember();
    const first = await place(client, idr("325000"), "local-trade-0001");
    expect(first.statusCode, first.body).toBe(201);
    const before = await balances(client);
    const previous = await changeSettings(admin, { rateIDR: "16200.5" });
    try {
      const stale = await place(client, idr("162500"));
      expectError(stale, 409, "RATE_CHANGED");
      expect(stale.json().error.quote).toEqual({ currency: "IDR", rate: "16200.5" });
      expect(await balances(client)).toEqual(before);
      expect(await openCount(client)).toBe(1);
      const replay = await place(client, idr("325000"), "local-trade-0001");
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
      expect(await balances(client)).toEqual(before);
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("names the stake limits in USD and in the member's currency", async () => {
    const client = await realIdrMember();
    const low = await place(client, idr("10000"));
    expectError(low, 400, "VALIDATION_FAILED", "local.amount");
    expect(low.json().error.message).toBe("local.amount: At least 1.00 USD (16,250.00 IDR)");
    const high = await place(client, idr("170000000"));
    expect(high.json().error.message).toBe("local.amount: At most 10,000.00 USD (162,500,000.00 IDR)");
    expect((await place(client, { amountMicrocents: apiCents(99) })).json().error.message).toBe(
      "amountMicrocents: At least 1.00 USD (16,250.00 IDR)",
    );
    const usdMember = (await signUpVerified(t.app)).client;
    expect((await place(usdMember, { amount: "0.99" })).json().error.message).toBe("amount: At least 1.00 USD");
    expectError(
      await place(client, { local: { amount: "16250", currency: "IDR", rate: "abc" } }),
      400,
      "VALIDATION_FAILED",
      "local.rate",
    );
    expect(await openCount(client)).toBe(0);
  });
});
