import { API, fromCents } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  latestMail,
  signInAdmin,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  expectError,
  expectSoundLedger,
  fundWallet,
  idr,
  moneyApp,
  readyMember,
} from "../../../test/money.ts";
import { getMemberBalances } from "../ledger/index.ts";

describe.each(databaseKinds)("withdrawals in the member's currency on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const withdraw = (client: Client, body: unknown, key?: string) =>
    client.request({
      method: "POST",
      url: API.withdrawals,
      json: body,
      headers: key ? { "idempotency-key": key } : {},
    });
  const idrMember = async (cents = 100_000) => {
    const account = await readyMember(t.app, admin, { currency: "IDR" });
    await fundWallet(admin, account.member.uid, cents);
    return account;
  };
  const balances = (uid: string) => getMemberBalances(t.database.db, uid);
  const withdrawalCount = async (client: Client) => (await client.get(API.withdrawals)).json().total as number;

  it("holds exactly the converted amount", async () => {
    const { client, member } = await idrMember(100_000);
    const res = await withdraw(client, idr("162500"));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({
      amountMicrocents: apiCents(1000),
      feeMicrocents: apiCents(10),
      netMicrocents: apiCents(990),
      status: "unconfirmed",
    });
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(99_000), withdrawal_hold: fromCents(1000) });
  });

  it("refuses a rate that is no longer current and moves nothing; a replay answers as before", async () => {
    const { client, member } = await idrMember(100_000);
    const first = await withdraw(client, idr("325000"), "local-withdraw-1");
    expect(first.statusCode, first.body).toBe(201);
    const before = await balances(member.uid);
    const previous = await changeSettings(admin, { rateIDR: "16400" });
    try {
      const stale = await withdraw(client, idr("162500"));
      expectError(stale, 409, "RATE_CHANGED");
      expect(stale.json().error.quote).toEqual({ currency: "IDR", rate: "16400" });
      expect(await balances(member.uid)).toEqual(before);
      expect(await withdrawalCount(client)).toBe(1);
      const replay = await withdraw(client, idr("325000"), "local-withdraw-1");
      expect(replay.statusCode).toBe(201);
      expect(replay.json()).toEqual(first.json());
      expect(await balances(member.uid)).toEqual(before);
    } finally {
      await changeSettings(admin, previous);
    }
  });

  it("names the minimum, the maximum and the fee in USD and in the member's currency", async () => {
    const { client, member } = await idrMember(2_000_000);
    const message = async (body: unknown) => {
      const res = await withdraw(client, body);
      expectError(res, 400, "VALIDATION_FAILED");
      return res.json().error.message as string;
    };
    expect(await message(idr("150000"))).toBe("local.amount: The minimum withdrawal is 10.00 USD (162,500.00 IDR)");
    expect(await message(idr("170000000"))).toBe(
      "local.amount: The maximum withdrawal is 10,000.00 USD (162,500,000.00 IDR)",
    );
    expect(await message({ amountMicrocents: apiCents(999) })).toBe(
      "amountMicrocents: The minimum withdrawal is 10.00 USD (162,500.00 IDR)",
    );
    const previous = await changeSettings(admin, { withdrawalFeeFlatMicrocents: apiCents(1_000), withdrawalFeeBps: 0 });
    try {
      expect(await message(idr("162500"))).toBe(
        "local.amount: The amount does not cover the fee of 10.00 USD (162,500.00 IDR)",
      );
    } finally {
      await changeSettings(admin, previous);
    }
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(2_000_000), withdrawal_hold: 0n });
  });

  it("keeps the amount typed in the member's currency, names the payout in it, and exports both side by side", async () => {
    const { client, member } = await idrMember(100_000);
    const res = await withdraw(client, idr("1000000"));
    expect(res.statusCode, res.body).toBe(201);
    // 1,000,000 IDR is 61.53846154 USD; the 1 % fee 0.61538462 USD; the bank pays the net,
    // 60.92307692 USD, which is 990,000.00 IDR at the rate.
    const local = { amount: "1000000.00", currency: "IDR", rate: "16250", net: "990000.00" };
    expect(res.json()).toMatchObject({
      amountMicrocents: "6153846154",
      feeMicrocents: "61538462",
      netMicrocents: "6092307692",
      local,
    });
    const id = res.json().id as string;
    expect((await client.get(API.withdrawal(id))).json()).toMatchObject({ local });
    const queue = (await admin.get(`${API.adminWithdrawals}?status=all&uid=${member.uid}`)).json();
    expect(queue.items[0]).toMatchObject({ id, amountMicrocents: "6153846154", local });
    // The mail to confirm it names the amount as typed, with its USD value.
    const mail = await latestMail(t.app, (member as unknown as { email: string }).email);
    expect(mail?.subject).toBe("Confirm your withdrawal of 1,000,000.00 IDR (61.54 USD)");

    const usd = await withdraw(client, { amount: "20" });
    expect(usd.json()).toMatchObject({ amountMicrocents: apiCents(2000), local: null });
    const csv = await admin.get(`${API.adminWithdrawalsCsv}?status=all&uid=${member.uid}`);
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers["content-type"]).toContain("text/csv");
    const lines = csv.body.trimEnd().split("\r\n");
    expect(lines[0]).toBe(
      "id,created_at,status,member_name,member_email,amount_local,currency,rate_per_usd,amount_usd,fee_usd,net_usd,net_local,payout_reference,reviewed_at",
    );
    expect(lines).toHaveLength(3);
    expect(lines[1]).toMatch(
      new RegExp(`^${usd.json().id},[^,]+,unconfirmed,[^,]+,[^,]+,,,,20\\.00,0\\.20,19\\.80,,,$`),
    );
    expect(lines[2]).toMatch(
      new RegExp(
        `^${id},[^,]+,unconfirmed,[^,]+,[^,]+,1000000\\.00,IDR,16250,61\\.53846154,0\\.61538462,60\\.92307692,990000\\.00,,$`,
      ),
    );
  });
});
