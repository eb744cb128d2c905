import { API, priceToUnits } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, fundWallet, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("the house's exposure on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const tick = (symbol: string, price: string) =>
    t.app.services.market.record([{ symbol, price: priceToUnits(price) as number, at: new Date() }]);
  const trader = async (real: boolean) => {
    const account = await signUpVerified(t.app);
    if (real) {
      expect((await admin.put(API.adminMemberTrading(account.member.uid), { userTrading: true })).statusCode).toBe(200);
      await fundWallet(admin, account.member.uid, 20_000);
    }
    return account.client;
  };
  const place = (client: Client, symbol: string, stakeCents: number, direction = "up") =>
    client.request({
      method: "POST",
      url: API.trades,
      json: { symbol, direction, amountMicrocents: apiCents(stakeCents), durationSeconds: 30 },
    });
  const exposureOf = async (symbol: string) =>
    (
      (await admin.get(API.adminTradesExposure)).json().pairs as { symbol: string; capMicrocents: string | null }[]
    ).find((p) => p.symbol === symbol);

  it("shows open Real stakes per pair and direction with the worst case, and refuses a contract past the pair's cap", async () => {
    const restore = await changeSettings(admin, { tradeExposureCapMicrocents: { BTC: apiCents(10_000) } });
    try {
      await tick("BTC", "95000");
      const real = await trader(true);
      const free = await trader(false);
      expect((await place(real, "BTC", 5_000)).statusCode).toBe(201);
      expect((await place(real, "BTC", 200, "down")).statusCode).toBe(201);
      // Practice money costs the house nothing: never counted, never capped.
      expect((await place(free, "BTC", 9_000)).statusCode).toBe(201);
      expect(await exposureOf("BTC")).toEqual({
        symbol: "BTC",
        up: { contracts: 1, stakeMicrocents: apiCents(5_000), worstCasePayoutMicrocents: apiCents(9_250) },
        down: { contracts: 1, stakeMicrocents: apiCents(200), worstCasePayoutMicrocents: apiCents(370) },
        worstCasePayoutMicrocents: apiCents(9_620),
        capMicrocents: apiCents(10_000),
      });
      // 9,620 + 1,850 would pass 10,000.
      const refused = await place(real, "BTC", 1_000);
      expectError(refused, 409, "EXPOSURE_LIMIT");
      expect(refused.json().error.message).toContain("BTC/USDT takes no more Real contracts");
      expect((await place(real, "BTC", 200)).statusCode).toBe(201); // 9,990
      // No cap on another pair.
      await tick("SOL", "150");
      expect((await place(real, "SOL", 5_000)).statusCode).toBe(201);
      expect((await exposureOf("SOL"))?.capMicrocents ?? null).toBeNull();
    } finally {
      await changeSettings(admin, restore);
    }
  });

  const crowd = kind === "postgres" ? 12 : 6;
  it(`lets exactly what fits under the cap through when ${crowd} placements race`, async () => {
    // Each 5,000 stake pays 9,250 when it wins: three fit under 30,000, a fourth would not.
    const restore = await changeSettings(admin, { tradeExposureCapMicrocents: { ETH: apiCents(30_000) } });
    try {
      await tick("ETH", "3300");
      const traders = await Promise.all(Array.from({ length: crowd }, () => trader(true)));
      const results = await Promise.all(traders.map((client) => place(client, "ETH", 5_000)));
      const codes = results.map((r) => r.statusCode);
      expect(codes.filter((c) => c === 201)).toHaveLength(3);
      for (const r of results.filter((x) => x.statusCode !== 201)) expect(r.json().error.code).toBe("EXPOSURE_LIMIT");
      expect((await exposureOf("ETH")) as unknown).toMatchObject({
        worstCasePayoutMicrocents: apiCents(27_750),
        capMicrocents: apiCents(30_000),
      });
    } finally {
      await changeSettings(admin, restore);
    }
  });
});
