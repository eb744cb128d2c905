import { API, fromCents } from "@helio/shared";
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
  expectError,
  expectSoundLedger,
  idr,
  moneyApp,
  multipartForm,
  png,
  postForm,
} from "../../../test/money.ts";

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

  it("converts a local amount into USD microcents at the rate it carries", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const res = await create(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ amountMicrocents: apiCents(1000), status: "awaiting_payment" });
    // 162,508.13 IDR is 1,000,050,030.77 microcents: to the nearest microcent.
    expect((await create(client, idr("162508.13"))).json().amountMicrocents).toBe("1000050031");
  });

  it("refuses a rate that is no longer current, carrying the new one, and writes nothing; a replay answers as before", async () => {
    const { client } = await signUpVerified(t.app, { currency: "IDR" });
    const first = await create(client, idr("325000"), "local-deposit-01");
    expect(first.json().amountMicrocents).toBe(apiCents(2000));
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
      expect((await create(client, idr("163000", "16300.00"))).json().amountMicrocents).toBe(apiCents(1000));
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
    const usdTyped = await create(idrMember, { amountMicrocents: apiCents(999) });
    expect(usdTyped.json().error.message).toBe("amountMicrocents: The minimum deposit is 10.00 USD (162,500.00 IDR)");
    const usdMember = (await signUpVerified(t.app)).client;
    expect((await create(usdMember, { amount: "9.99" })).json().error.message).toBe(
      "amount: The minimum deposit is 10.00 USD",
    );
    // A local amount is named in its own currency, whatever the display currency; a minimum rounded up.
    const previous = await changeSettings(admin, { depositMinMicrocents: apiCents(1001) });
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
      [{ ...idr("162500"), amountMicrocents: apiCents(1000) }, "amount"],
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
    expect(await fields({ amountMicrocents: apiCents(100_000_000_001) })).toEqual([
      { field: "amountMicrocents", message: "At most 1,000,000,000.00 USD" },
    ]);
    // Leading zeros are no more than the number they write.
    expect((await create(client, { amount: "0000000000000010.00" })).json()).toMatchObject({
      amountMicrocents: apiCents(1000),
    });
    expect((await create(client, idr("0000000000000162500"))).json()).toMatchObject({
      amountMicrocents: apiCents(1000),
    });
  });

  const withProof = async (client: Client, id: string) => {
    const form = multipartForm({}, [
      { field: "file", filename: "receipt.png", contentType: "image/png", data: await png() },
    ]);
    const res = await postForm(client, API.depositProof(id), form);
    expect(res.statusCode, res.body).toBe(200);
  };

  it("keeps the amount typed in the member's currency and its rate on the invoice, and shows it to the member and the operator", async () => {
    const { client, member } = await signUpVerified(t.app, { currency: "IDR" });
    const res = await create(client, idr("500000"));
    expect(res.statusCode, res.body).toBe(201);
    // 500,000 / 16,250 = 30.76923076…: the USD credit at the quoted rate, to the nearest microcent,
    // beside the exact amount to transfer; converted back at that rate it is the amount typed.
    const local = { amount: "500000.00", currency: "IDR", rate: "16250" };
    expect(res.json()).toMatchObject({ amountMicrocents: "3076923077", local });
    const id = res.json().id as string;
    expect((await client.get(API.deposit(id))).json()).toMatchObject({ amountMicrocents: "3076923077", local });
    expect((await client.get(API.deposits)).json().items[0]).toMatchObject({ local });
    const queue = (await admin.get(`${API.adminDeposits}?status=all&uid=${member.uid}`)).json();
    expect(queue.items[0]).toMatchObject({ amountMicrocents: "3076923077", local, member: { uid: member.uid } });
    expect((await admin.get(API.adminDeposit(id))).json()).toMatchObject({ local });
    // Decimals are kept to the hundredth, a rate written with zeros is kept as the settings store it.
    const hundredths = await create(client, idr("162500.5", "16250.000"));
    expect(hundredths.json()).toMatchObject({
      amountMicrocents: "1000003077",
      local: { amount: "162500.50", rate: "16250" },
    });
    // An amount in USD (from anyone) keeps no local amount: it shows as before.
    expect((await create(client, { amountMicrocents: apiCents(2000) })).json()).toMatchObject({
      amountMicrocents: apiCents(2000),
      local: null,
    });
    const usd = (await signUpVerified(t.app)).client;
    expect((await create(usd, { amount: "25.00" })).json()).toMatchObject({
      amountMicrocents: apiCents(2500),
      local: null,
    });
  });

  it("names the account of the invoice's currency, falling back to the default one", async () => {
    const bni = {
      bankName: "Bank Negara",
      accountName: "PT Helio",
      accountNumber: "0123-456-789",
      notes: "Rupiah only.",
    };
    const previous = await changeSettings(admin, { transferInstructionsByCurrency: { IDR: bni } });
    try {
      const idrMember = (await signUpVerified(t.app, { currency: "IDR" })).client;
      expect((await create(idrMember, idr("500000"))).json().instructions).toEqual(bni);
      // The same member paying in USD, and members of a currency without an account of its own: the default.
      const fallback = { bankName: "Helio Bank", accountName: "Helio Ltd", accountNumber: "000-000-0000" };
      expect((await create(idrMember, { amount: "20" })).json().instructions).toMatchObject(fallback);
      const krw = (await signUpVerified(t.app, { currency: "KRW" })).client;
      const won = await create(krw, { local: { amount: "20000", currency: "KRW", rate: "1390" } });
      expect(won.json()).toMatchObject({ local: { amount: "20000.00", currency: "KRW", rate: "1390" } });
      expect(won.json().instructions).toMatchObject(fallback);
      // A bad account is refused on its field, and the settings say what is kept.
      const bad = await admin.put(API.adminSettings, {
        ...((await admin.get(API.adminSettings)).json() as Record<string, unknown>),
        transferInstructionsByCurrency: { XYZ: bni },
      });
      expectError(bad, 400, "VALIDATION_FAILED");
      expect((await admin.get(API.adminSettings)).json().transferInstructionsByCurrency).toEqual({ IDR: bni });
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("checks the amount the operator received against the invoice's local amount before crediting", async () => {
    const { client, member } = await signUpVerified(t.app, { currency: "IDR" });
    const invoice = (await create(client, idr("500000"))).json();
    await withProof(client, invoice.id);
    const approve = (body?: unknown) =>
      admin.request({ method: "POST", url: API.adminDepositApprove(invoice.id), ...(body ? { json: body } : {}) });
    for (const amountReceived of ["500012.50", "499999.99", "30.77"]) {
      const wrong = await approve({ amountReceived });
      expectError(wrong, 400, "VALIDATION_FAILED", "amountReceived");
      expect(wrong.json().error.fields).toEqual([
        { field: "amountReceived", message: "Does not match the amount on the invoice" },
      ]);
    }
    expectError(await approve({ amountReceived: "abc" }), 400, "VALIDATION_FAILED", "amountReceived");
    expect((await client.get(API.wallet)).json().wallet).toBe(apiCents(0));
    const ok = await approve({ amountReceived: "500000" });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ status: "approved", local: { amount: "500000.00" } });
    expect((await client.get(API.wallet)).json().wallet).toBe("3076923077");
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items[0]).toMatchObject({ action: "deposit.approve", after: { amountReceived: "500000" } });

    // An invoice in USD is checked in USD; typing nothing approves as before.
    const usd = await signUpVerified(t.app);
    const usdInvoice = (await create(usd.client, { amount: "30.77" })).json();
    await withProof(usd.client, usdInvoice.id);
    const usdApprove = (body?: unknown) =>
      admin.request({ method: "POST", url: API.adminDepositApprove(usdInvoice.id), ...(body ? { json: body } : {}) });
    expectError(await usdApprove({ amountReceived: "500000" }), 400, "VALIDATION_FAILED", "amountReceived");
    expect((await usdApprove({ amountReceived: "30.77" })).statusCode).toBe(200);
    // One made through the API with a fraction of a cent is transferred, and checked, to the nearest cent.
    const fraction = (await create(usd.client, { amountMicrocents: String(fromCents(1_234) + 567_890n) })).json();
    await withProof(usd.client, fraction.id);
    const fractionApprove = (amountReceived: string) =>
      admin.post(API.adminDepositApprove(fraction.id), { amountReceived });
    expectError(await fractionApprove("12.34"), 400, "VALIDATION_FAILED", "amountReceived");
    expect((await fractionApprove("12.35")).statusCode).toBe(200);
    const other = (await create(usd.client, { amount: "12" })).json();
    await withProof(usd.client, other.id);
    const bare = await admin.request({ method: "POST", url: API.adminDepositApprove(other.id) });
    expect(bare.statusCode, bare.body).toBe(200);
  });

  it("exports the queue as CSV with the local amount, the rate and the USD amount side by side", async () => {
    const { client, member: me } = await signUpVerified(t.app, { currency: "IDR", firstName: "Indah" });
    const member = me as typeof me & { fullName: string; email: string };
    const local = (await create(client, idr("500000"))).json();
    const usd = (await create(client, { amountMicrocents: apiCents(2500) })).json();
    const res = await admin.get(`${API.adminDepositsCsv}?status=all&uid=${member.uid}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers["content-type"]).toContain("text/csv");
    expect(res.headers["content-disposition"]).toMatch(
      /^attachment; filename="helio-deposits-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = res.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "reference,created_at,status,member_name,member_email,amount_local,currency,rate_per_usd,amount_usd,reviewed_at",
    );
    expect(lines).toHaveLength(3);
    // Newest first: the USD invoice, then the IDR one.
    expect(lines[1]).toBe(
      `${usd.reference},${usd.createdAt},awaiting_payment,${member.fullName},${member.email},,,,25.00,`,
    );
    expect(lines[2]).toBe(
      `${local.reference},${local.createdAt},awaiting_payment,${member.fullName},${member.email},500000.00,IDR,16250,30.76923077,`,
    );
    // Members do not reach it.
    expect((await client.get(API.adminDepositsCsv)).statusCode).toBe(404);
  });
});
