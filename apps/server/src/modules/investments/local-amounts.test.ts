import { API } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  createPackage,
  expectError,
  expectSoundLedger,
  fundWallet,
  idr,
  moneyApp,
} from "../../../test/money.ts";

describe.each(databaseKinds)("investments in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  let slug: string;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
    slug = await createPackage(admin, {
      name: "Local tier",
      slug: "local-tier",
      dailyRateBps: 100,
      durationPeriods: 5,
    });
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const buy = (client: Client, body: Record<string, unknown>, key?: string) =>
    client.request({
      method: "POST",
      url: API.investments,
      json: { slug, ...body },
      headers: key ? { "idempotency-key": key } : {},
    });
  const walletOf = async (client: Client) => (await client.get(API.wallet)).json().wallet as string;
  const investmentCount = async (client: Client) => (await client.get(API.investments)).json().total as number;
  const idrInvestor = async () => {
    const { client, member } = await signUpVerified(t.app, { currency: "IDR" });
    await fundWallet(admin, member.uid, 50_000);
    return client;
  };

  it("pays exactly the converted amount from the wallet", async () => {
    const client = await idrInvestor();
    const res = await buy(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().investment).toMatchObject({ amountMicrocents: apiCents(1_000), status: "active" });
    expect(await walletOf(client)).toBe(apiCents(49_000));
  });

  it("refuses a rate that is no longer current and buys nothing; a replay answers as before", async () => {
    const client = await idrInvestor();
    const first = await buy(client, idr("325000"), "local-invest-001");
    expect(first.statusCode, first.body).toBe(201);
    const previous = await changeSettings(admin, { rateIDR: "16000" });
    try {
      const stale = await buy(client, idr("162500"));
      expectError(stale, 409, "RATE_CHANGED");
      expect(stale.json().error.quote).toEqual({ currency: "IDR", rate: "16000" });
      expect(await walletOf(client)).toBe(apiCents(48_000));
      expect(await investmentCount(client)).toBe(1);
      const replay = await buy(client, idr("325000"), "local-invest-001");
      expect(replay.statusCode).toBe(201);
      expect(replay.json().investment).toEqual(first.json().investment);
      expect(await walletOf(client)).toBe(apiCents(48_000));
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("names the package limits in USD and in the member's currency", async () => {
    const client = await idrInvestor();
    const low = await buy(client, idr("150000"));
    expectError(low, 400, "VALIDATION_FAILED", "local.amount");
    expect(low.json().error.message).toBe("local.amount: At least 10.00 USD (162,500.00 IDR)");
    expect((await buy(client, idr("16260000"))).json().error.message).toBe(
      "local.amount: At most 1,000.00 USD (16,250,000.00 IDR)",
    );
    expect(await investmentCount(client)).toBe(0);
  });
});
