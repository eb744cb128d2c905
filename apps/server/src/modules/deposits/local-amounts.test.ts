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
import { expectError, expectSoundLedger, idr, moneyApp } from "../../../test/money.ts";

describe.each(databaseKinds)("deposits in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const create = (client: Client, body: unknown, key?: string) =>
    client.request({ method: "POST", url: API.deposits, json: body, headers: key ? { "idempotency-key": key } : {} });
  const invoiceCount = async (client: Client) => (await client.get(API.deposits)).json().total as number;

  it("converts a local amount into USD cents at the rate it carries", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const res = await create(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountCents: 1000, status: "awaiting_payment" });
    // 162,508.13 IDR is 1000.05 cents: to the nearest cent.
    expect((await create(client, idr("162508.13"))).json().amountCents).toBe(1000);
  });

  it("refuses a rate that is no longer current, carrying the new one, and writes nothing; a replay answers as before", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const first = await create(client, idr("325000"), "local-deposit-01");
    expect(first.json().amountCents).toBe(2000);
    const previous = await changeSettings(admin, { rateIDR: "16300" });
    try {
      const stale = await create(client, idr("162500"));
      expectError(stale, 409, "RATE_CHANGED");
      expect(stale.json().error.quote).toEqual({ currency: "IDR", rate: "16300" });
      expect(stale.json().error.message).toContain("16,300 IDR per USD");
      expect(await invoiceCount(client)).toBe(1);
      // The request already done answers its first result, whatever the rate is now.
      const replay = await create(client, idr("325000"), "local-deposit-01");
      expect(replay.statusCode).toBe(201);
      expect(replay.headers["idempotent-replayed"]).toBe("true");
      expect(replay.json()).toEqual(first.json());
      // A rate written differently but equal is the current one.
      expect((await create(client, idr("163000", "16300.00"))).json().amountCents).toBe(1000);
      expect(await invoiceCount(client)).toBe(2);
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("names the minimum in USD and in the member's currency", async () => {
    const idrMember = (await signUpVerified(t.app, { currency: "IDR" })).client;
    const local = await create(idrMember, idr("150000"));
    expectError(local, 400, "VALIDATION_FAILED", "local.amount");
    expect(local.json().error.fields).toEqual([
      { field: "local.amount", message: "The minimum deposit is 10.00 USD (162,500.00 IDR)" },
    ]);
    const usdTyped = await create(idrMember, { amountCents: 999 });
    expect(usdTyped.json().error.message).toBe("amountCents: The minimum deposit is 10.00 USD (162,500.00 IDR)");
    const usdMember = (await signUpVerified(t.app)).client;
    expect((await create(usdMember, { amount: "9.99" })).json().error.message).toBe(
      "amount: The minimum deposit is 10.00 USD",
    );
    // A local amount is named in its own currency, whatever the display currency; a minimum rounded up.
    const previous = await changeSettings(admin, { depositMinCents: 1001 });
    try {
      const bhd = await create(usdMember, { local: { amount: "3.76", currency: "BHD", rate: "0.376" } });
      expect(bhd.json().error.message).toBe("local.amount: The minimum deposit is 10.01 USD (3.77 BHD)");
    } finally {
      await changeSettings(admin, previous);
    }
    expect(await invoiceCount(idrMember)).toBe(0);
  });

  it("refuses bad local input with a 400 naming the field", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const local = { amount: "162500", currency: "IDR", rate: "16250" };
    const cases: [unknown, string][] = [
      [{ local: { ...local, rate: "abc" } }, "local.rate"],
      [{ local: { ...local, rate: "0" } }, "local.rate"],
      [{ local: { ...local, rate: 16250 } }, "local.rate"],
      [{ local: { amount: "162500", currency: "IDR" } }, "local.rate"],
      [{ local: { ...local, currency: "XYZ" } }, "local.currency"],
      [{ local: { ...local, amount: "-5" } }, "local.amount"],
      [{ local: { ...local, amount: "1e5" } }, "local.amount"],
      [{ local: { ...local, amount: "0.01" } }, "local.amount"], // 0.0006 USD: less than a cent
      [{ local: { ...local, amount: "9".repeat(15) } }, "local.amount"], // more than the largest amount
      [{ local: "162500" }, "local"],
      [{ ...idr("162500"), amountCents: 1000 }, "amount"],
    ];
    for (const [body, field] of cases) expectError(await create(client, body), 400, "VALIDATION_FAILED", field);
    expect(await invoiceCount(client)).toBe(0);
  });

  it("words a bad amount as every amount field does: a sign, a non-number, past the largest amount", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const fields = async (body: unknown) => (await create(client, body)).json().error.fields;
    const huge = "99999999999999999999";
    expect(await fields(idr("-5"))).toEqual([{ field: "local.amount", message: "Cannot be negative" }]);
    expect(await fields({ amount: "-5" })).toEqual([{ field: "amount", message: "Cannot be negative" }]);
    expect(await fields(idr("abc"))).toEqual([{ field: "local.amount", message: "Enter an amount like 12.34" }]);
    expect(await fields({ amount: "abc" })).toEqual([{ field: "amount", message: "Enter an amount like 12.34" }]);
    expect(await fields(idr(huge))).toEqual([
      { field: "local.amount", message: "At most 1,000,000,000.00 USD (16,250,000,000,000.00 IDR)" },
    ]);
    expect(await fields({ amount: huge })).toEqual([{ field: "amount", message: "At most 1,000,000,000.00 USD" }]);
    expect(await fields({ amountCents: 100_000_000_001 })).toEqual([
      { field: "amountCents", message: "At most 1,000,000,000.00 USD" },
    ]);
    // Leading zeros are no more than the number they write.
    expect((await create(client, { amount: "0000000000000010.00" })).json()).toMatchObject({ amountCents: 1000 });
    expect((await create(client, idr("0000000000000162500"))).json()).toMatchObject({ amountCents: 1000 });
  });
});
