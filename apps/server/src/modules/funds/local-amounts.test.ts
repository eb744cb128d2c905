import { API, usdMicrocentsToLocalHundredths } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import { apiCents, expectError, expectSoundLedger, idr, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("fund moves in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const move = (client: Client, body: Record<string, unknown>, key?: string) =>
    client.request({
      method: "POST",
      url: API.fundTransfers("profit"),
      json: body,
      headers: key ? { "idempotency-key": key } : {},
    });
  /** The balances as the API answers them: microcents as strings of digits. */
  const balances = async (client: Client) => (await client.get(API.wallet)).json() as Record<string, string>;
  /** An IDR member with 50.00 USD in the profit fund. */
  const idrMember = async () => {
    const { client, member } = await signUpVerified(t.app, { currency: "IDR" });
    const credit = await admin.post(API.adminMemberAdjust(member.uid), {
      account: "profit",
      amountMicrocents: apiCents(5_000),
      reason: "Test funding",
    });
    expect(credit.statusCode, credit.body).toBe(200);
    return client;
  };

  it("moves exactly the converted amount", async () => {
    const client = await idrMember();
    const res = await move(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      transfer: { amountMicrocents: apiCents(1_000), fundBalanceAfterMicrocents: apiCents(4_000) },
      walletMicrocents: apiCents(1_000),
    });
    expect(await balances(client)).toMatchObject({ profit: apiCents(4_000), wallet: apiCents(1_000) });
  });

  it("moves an amount that is no whole number of cents to the microcent, and it reads back as typed", async () => {
    const client = await idrMember();
    // 200,000 IDR at 16,250 is 12.307692307… USD: 12.30769231 USD, to the microcent.
    const res = await move(client, idr("200000"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      transfer: { amountMicrocents: "1230769231", fundBalanceAfterMicrocents: "3769230769" },
      walletMicrocents: "1230769231",
    });
    expect(usdMicrocentsToLocalHundredths(BigInt(res.json().walletMicrocents), "16250")).toBe(20_000_000n);
  });

  it("refuses a rate that is no longer current and moves nothing; a replay answers as before", async () => {
    const client = await idrMember();
    const first = await move(client, idr("325000"), "local-fund-move-1");
    expect(first.statusCode, first.body).toBe(201);
    const previous = await changeSettings(admin, { rateIDR: "16250.01" });
    try {
      const stale = await move(client, idr("162500"));
      expectError(stale, 409, "RATE_CHANGED");
      expect(stale.json().error.quote).toEqual({ currency: "IDR", rate: "16250.01" });
      expect(await balances(client)).toMatchObject({ profit: apiCents(3_000), wallet: apiCents(2_000) });
      const replay = await move(client, idr("325000"), "local-fund-move-1");
      expect(replay.statusCode).toBe(201);
      const { id, amountMicrocents } = first.json().transfer;
      expect(replay.json()).toMatchObject({ transfer: { id, amountMicrocents }, replayed: true });
      // "all" carries no rate: it moves whatever the fund holds.
      expect((await move(client, { all: true })).json().transfer.amountMicrocents).toBe(apiCents(3_000));
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("names the minimum in USD and in the member's currency", async () => {
    const client = await idrMember();
    const low = await move(client, idr("100000"));
    expectError(low, 400, "VALIDATION_FAILED", "local.amount");
    expect(low.json().error.message).toBe("local.amount: At least 10.00 USD (162,500.00 IDR)");
    expectError(await move(client, { ...idr("162500"), all: true }), 400, "VALIDATION_FAILED", "amount");
    expect(await balances(client)).toMatchObject({ profit: apiCents(5_000), wallet: "0" });
  });
});
