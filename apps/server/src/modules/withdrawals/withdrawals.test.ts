import { API, fromCents } from "@helio/shared";
import { authenticator } from "otplib";
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
  captureMessages,
  confirmFromMail,
  expectError,
  expectSoundLedger,
  fundWallet,
  kycForm,
  moneyApp,
  postForm,
  readyMember,
} from "../../../test/money.ts";
import { getMemberBalances } from "../ledger/index.ts";

type W = {
  id: string;
  status: string;
  amountMicrocents: string;
  feeMicrocents: string;
  netMicrocents: string;
  [k: string]: unknown;
};

describe.each(databaseKinds)("withdrawals on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const withdraw = (client: Client, body: unknown, headers?: Record<string, string>) =>
    client.request({ method: "POST", url: API.withdrawals, json: body, headers });
  const balances = (uid: string) => getMemberBalances(t.database.db, uid);
  const funded = async (cents = 100_000) => {
    const account = await readyMember(t.app, admin);
    await fundWallet(admin, account.member.uid, cents);
    return account;
  };
  /** A withdrawal the member asked for and confirmed from its mail: in the operators' queue. */
  const confirmed = async (account: { client: Client; input: { email: string } }, cents: number) => {
    const requested = await withdraw(account.client, { amountMicrocents: apiCents(cents) });
    expect(requested.statusCode, requested.body).toBe(201);
    const w = await confirmFromMail(t.app, account.input.email);
    expect(w).toMatchObject({ id: requested.json().id, status: "pending" });
    return w as W;
  };

  it("tells the form the limits, the fee, the balance and what is missing", async () => {
    const { client } = await signUpVerified(t.app);
    expect((await client.get(API.withdrawalRequirements)).json()).toEqual({
      minMicrocents: apiCents(1_000),
      maxMicrocents: apiCents(1_000_000),
      feeBps: 100,
      feeFlatMicrocents: apiCents(0),
      walletMicrocents: apiCents(0),
      kycStatus: "not_submitted",
      bank: null,
      twoFactorRequired: false,
      holdUntil: null,
      frozen: false,
    });
    const ready = await funded(5_000);
    expect((await ready.client.get(API.withdrawalRequirements)).json()).toMatchObject({
      walletMicrocents: apiCents(5_000),
      kycStatus: "approved",
      bank: { bankName: "Bank of Tests", accountNumberMasked: "****6819" },
    });
  });

  it("holds the amount at once, computing the fee half-even to the microcent", async () => {
    const { client, member } = await funded(100_000);
    const pushed = captureMessages(t.app, member.uid);
    const res = await withdraw(client, { amountMicrocents: apiCents(1_250) });
    expect(res.statusCode, res.body).toBe(201);
    const w = res.json() as W;
    expect(w).toMatchObject({
      status: "unconfirmed",
      confirmExpiresAt: expect.any(String),
      amountMicrocents: apiCents(1_250),
      feeMicrocents: "12500000", // 1% of 12.50 = 0.125, exactly
      netMicrocents: "1237500000",
      destination: { bankName: "Bank of Tests", accountHolder: "Ada Lovelace", accountNumberMasked: "****6819" },
      payoutReference: null,
      reason: null,
    });
    expect(JSON.stringify(w)).not.toContain("NWBK60161331926819");
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(98_750), withdrawal_hold: fromCents(1_250) });
    const second = (await withdraw(client, { amount: "13.50" })).json() as W;
    expect(second).toMatchObject({
      amountMicrocents: apiCents(1_350),
      feeMicrocents: "13500000",
      netMicrocents: "1336500000",
    });
    await expect.poll(() => pushed.messages.filter((m) => m.type === "withdrawal.updated").length).toBe(2);
    expect(pushed.messages.find((m) => m.type === "balances")).toEqual({
      type: "balances",
      balances: { wallet: apiCents(98_750), withdrawal_hold: apiCents(1_250) },
    });
    pushed.off();
    // A fee of half a microcent goes to the even neighbour: 10,000,000.5 → 10,000,000; 10,000,001.5 → 10,000,002.
    const down = (await withdraw(client, { amountMicrocents: "1000000050" })).json() as W;
    expect(down).toMatchObject({ feeMicrocents: "10000000", netMicrocents: "990000050" });
    const up = (await withdraw(client, { amountMicrocents: "1000000150" })).json() as W;
    expect(up).toMatchObject({ feeMicrocents: "10000002", netMicrocents: "990000148" });
  });

  it("refuses bad amounts, the limits, and an amount the fee eats", async () => {
    const { client, member } = await funded(2_000_000);
    const cases: [unknown, string][] = [
      [{}, "amount"],
      [{ amountMicrocents: apiCents(-500) }, "amountMicrocents"],
      [{ amountMicrocents: 1500.5 }, "amountMicrocents"],
      [{ amountMicrocents: "15.00" }, "amountMicrocents"],
      [{ amount: "15.001" }, "amount"],
      [{ amount: "-15" }, "amount"],
      [{ amountMicrocents: apiCents(999) }, "amountMicrocents"], // below the 10.00 minimum
      [{ amountMicrocents: String(fromCents(1_000_000) + 1n) }, "amountMicrocents"], // above the 10,000.00 maximum
      [{ amount: "10000.01" }, "amount"],
      [{ amountMicrocents: apiCents(1_000), totpCode: "12ab56" }, "totpCode"],
    ];
    for (const [body, field] of cases) expectError(await withdraw(client, body), 400, "VALIDATION_FAILED", field);
    const previous = await changeSettings(admin, {
      withdrawalFeeFlatMicrocents: apiCents(1_000),
      withdrawalFeeBps: 0,
    });
    try {
      const eaten = await withdraw(client, { amountMicrocents: apiCents(1_000) });
      expectError(eaten, 400, "VALIDATION_FAILED", "amountMicrocents");
      expect(eaten.json().error.message).toBe("amountMicrocents: The amount does not cover the fee of 10.00 USD");
      expect((await withdraw(client, { amountMicrocents: apiCents(1_001) })).json()).toMatchObject({
        feeMicrocents: apiCents(1_000),
        netMicrocents: apiCents(1),
      });
    } finally {
      await changeSettings(admin, previous);
    }
    expect((await balances(member.uid)).withdrawal_hold).toBe(fromCents(1_001));
  });

  it("needs approved KYC, then bank data", async () => {
    const { client, member, input } = await signUpVerified(t.app);
    await fundWallet(admin, member.uid, 50_000);
    expectError(await withdraw(client, { amountMicrocents: apiCents(5_000) }), 409, "KYC_REQUIRED");
    await postForm(client, API.kyc, await kycForm());
    // Pending is not enough.
    expectError(await withdraw(client, { amountMicrocents: apiCents(5_000) }), 409, "KYC_REQUIRED");
    await admin.post(API.adminKycApprove(member.uid), {});
    expectError(await withdraw(client, { amountMicrocents: apiCents(5_000) }), 409, "BANK_DATA_REQUIRED");
    await client.put(API.bank, {
      bankName: "Bank",
      accountHolder: "Ada Lovelace",
      accountNumber: "12345678",
      password: input.password,
    });
    expect((await withdraw(client, { amountMicrocents: apiCents(5_000) })).statusCode).toBe(201);
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(45_000), withdrawal_hold: fromCents(5_000) });
  });

  it("refuses more than the wallet holds, and moves nothing", async () => {
    const { client, member } = await funded(10_000);
    // A microcent more than it holds.
    expectError(
      await withdraw(client, { amountMicrocents: String(fromCents(10_000) + 1n) }),
      409,
      "INSUFFICIENT_FUNDS",
    );
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(10_000), withdrawal_hold: 0n });
    expect((await client.get(API.withdrawals)).json().total).toBe(0);
    expect((await withdraw(client, { amountMicrocents: apiCents(10_000) })).statusCode).toBe(201);
    expectError(await withdraw(client, { amountMicrocents: apiCents(1_000) }), 409, "INSUFFICIENT_FUNDS");
  });

  it("asks for the TOTP code when two-factor is on, and checks it", async () => {
    const { client, member, input } = await funded(50_000);
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
    expect((await client.get(API.withdrawalRequirements)).json().twoFactorRequired).toBe(true);

    expectError(await withdraw(client, { amountMicrocents: apiCents(2_000) }), 400, "TWO_FACTOR_REQUIRED", "totpCode");
    const right = authenticator.generate(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    expectError(
      await withdraw(client, { amountMicrocents: apiCents(2_000), totpCode: wrong }),
      400,
      "TWO_FACTOR_INVALID",
      "totpCode",
    );
    expect((await balances(member.uid)).withdrawal_hold).toBe(0n);
    const ok = await withdraw(client, { amountMicrocents: apiCents(2_000), totpCode: authenticator.generate(secret) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect((await balances(member.uid)).withdrawal_hold).toBe(fromCents(2_000));
  });

  it("answers a repeated Idempotency-Key with the first withdrawal, also when requests race", async () => {
    const { client, member } = await funded(100_000);
    const headers = { "idempotency-key": "wd-key-000001" };
    const first = await withdraw(client, { amountMicrocents: apiCents(3_000) }, headers);
    const again = await withdraw(client, { amountMicrocents: apiCents(3_000) }, headers);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expectError(await withdraw(client, { amountMicrocents: apiCents(4_000) }, headers), 409, "IDEMPOTENCY_CONFLICT");
    // A microcent more is another amount too.
    expectError(
      await withdraw(client, { amountMicrocents: String(fromCents(3_000) + 1n) }, headers),
      409,
      "IDEMPOTENCY_CONFLICT",
    );
    const raced = await Promise.all(
      Array.from({ length: 20 }, () =>
        withdraw(client, { amountMicrocents: apiCents(5_000) }, { "idempotency-key": "wd-race-000001" }),
      ),
    );
    expect(raced.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    expect(new Set(raced.map((r) => r.json().id)).size).toBe(1);
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(92_000), withdrawal_hold: fromCents(8_000) });
  });

  // PostgreSQL runs them truly in parallel (a pool of connections); PGlite has one connection, so a
  // smaller crowd proves the same there without slowing the suite.
  const crowd = kind === "postgres" ? 200 : 40;
  it(`lets exactly the affordable ones through when ${crowd} requests race for one balance`, async () => {
    const affordable = crowd / 4;
    const { client, member } = await funded(affordable * 1_000);
    const results = await Promise.all(
      Array.from({ length: crowd }, () => withdraw(client, { amountMicrocents: apiCents(1_000) })),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(affordable);
    expect(codes.filter((c) => c === 409)).toHaveLength(crowd - affordable);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json().error.code).toBe("INSUFFICIENT_FUNDS");
    expect(await balances(member.uid)).toMatchObject({ wallet: 0n, withdrawal_hold: fromCents(affordable * 1_000) });
    expect((await client.get(`${API.withdrawals}?pageSize=100`)).json().total).toBe(affordable);
  });

  it("refuses withdrawals and bank changes in an admin's impersonation session", async () => {
    const { member, input } = await funded(20_000);
    const helper = await signInAdmin(t.app);
    const link = (await helper.post(API.adminMemberImpersonate(member.uid), {})).json() as { url: string };
    const [, , username, token] = link.url.split("/");
    const exchanged = await helper.post(API.impersonationExchange, { username, token });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect((await helper.get(API.me)).json().uid).toBe(member.uid);
    expectError(await withdraw(helper, { amountMicrocents: apiCents(5_000) }), 403, "IMPERSONATION_READ_ONLY");
    expectError(
      await helper.put(API.bank, {
        bankName: "Other Bank",
        accountHolder: "Someone Else",
        accountNumber: "99999999",
        password: input.password,
      }),
      403,
      "IMPERSONATION_READ_ONLY",
    );
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(20_000), withdrawal_hold: 0n });
    // Reading is fine.
    expect((await helper.get(API.withdrawalRequirements)).json().walletMicrocents).toBe(apiCents(20_000));
  });

  it("lists the member's withdrawals, shows one, and hides other members' (404)", async () => {
    const a = await funded(20_000);
    const b = await funded(20_000);
    const first = (await withdraw(a.client, { amountMicrocents: apiCents(1_000) })).json() as W;
    const second = (await withdraw(a.client, { amountMicrocents: apiCents(2_000) })).json() as W;
    const theirs = (await withdraw(b.client, { amountMicrocents: apiCents(3_000) })).json() as W;
    expect((await a.client.get(API.withdrawals)).json()).toMatchObject({
      total: 2,
      items: [{ id: second.id }, { id: first.id }],
    });
    expect((await a.client.get(API.withdrawal(first.id))).json()).toEqual(first);
    expectError(await a.client.get(API.withdrawal(theirs.id)), 404, "NOT_FOUND");
    expectError(await a.client.post(API.withdrawalCancel(theirs.id), {}), 404, "NOT_FOUND");
    expect((await b.client.get(API.withdrawal(theirs.id))).json().status).toBe("unconfirmed");
  });

  it("cancels while pending: the amount returns to the wallet, once", async () => {
    const account = await funded(20_000);
    const { client, member } = account;
    const w = await confirmed(account, 5_000);
    const pushed = captureMessages(t.app, member.uid);
    const cancel = await client.post(API.withdrawalCancel(w.id), {});
    expect(cancel.json()).toMatchObject({ id: w.id, status: "cancelled" });
    expect((await client.post(API.withdrawalCancel(w.id), {})).json().status).toBe("cancelled");
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(20_000), withdrawal_hold: 0n });
    expectError(await admin.post(API.adminWithdrawalApprove(w.id), { payoutReference: "PAY-1" }), 409, "CONFLICT");
    await expect.poll(() => pushed.messages.map((m) => m.type)).toEqual(["balances", "withdrawal.updated"]);
    pushed.off();
  });

  it("approves with a payout reference: net to payouts, fee to fees; cannot be cancelled after", async () => {
    const account = await funded(100_000);
    const { client, member } = account;
    const w = await confirmed(account, 10_000);
    const queue = (await admin.get(`${API.adminWithdrawals}?uid=${member.uid}`)).json();
    expect(queue.items.find((i: W) => i.id === w.id)).toMatchObject({
      member: { uid: member.uid },
      destination: { accountNumber: "GB29NWBK60161331926819", accountNumberMasked: "****6819" },
    });
    expectError(await admin.post(API.adminWithdrawalApprove(w.id), {}), 400, "VALIDATION_FAILED", "payoutReference");
    const before = (await admin.get(API.adminDashboard)).json().systemAccounts;
    const approved = await admin.post(API.adminWithdrawalApprove(w.id), { payoutReference: "SEPA-2025-0001" });
    expect(approved.json()).toMatchObject({ status: "approved", payoutReference: "SEPA-2025-0001" });
    expect((await admin.post(API.adminWithdrawalApprove(w.id), { payoutReference: "SEPA-2025-0001" })).statusCode).toBe(
      200,
    );
    const after = (await admin.get(API.adminDashboard)).json().systemAccounts;
    expect(BigInt(after.payouts_clearing) - BigInt(before.payouts_clearing)).toBe(fromCents(9_900));
    expect(BigInt(after.fees) - BigInt(before.fees)).toBe(fromCents(100));
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(90_000), withdrawal_hold: 0n });
    expectError(await client.post(API.withdrawalCancel(w.id), {}), 409, "CONFLICT");
    expectError(await admin.post(API.adminWithdrawalReject(w.id), { reason: "Changed my mind" }), 409, "CONFLICT");
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.filter((a: { action: string }) => a.action === "withdrawal.approve")).toHaveLength(1);
    expect((await client.get(API.withdrawal(w.id))).json()).toMatchObject({
      status: "approved",
      payoutReference: "SEPA-2025-0001",
    });
  });

  it("rejects with a reason: the amount returns to the wallet", async () => {
    const account = await funded(30_000);
    const { client, member } = account;
    const w = await confirmed(account, 30_000);
    expectError(await admin.post(API.adminWithdrawalReject(w.id), { reason: "" }), 400, "VALIDATION_FAILED", "reason");
    const rejected = await admin.post(API.adminWithdrawalReject(w.id), { reason: "Bank account name mismatch" });
    expect(rejected.json()).toMatchObject({ status: "rejected", reason: "Bank account name mismatch" });
    expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(30_000), withdrawal_hold: 0n });
    expect((await client.get(API.withdrawal(w.id))).json()).toMatchObject({
      status: "rejected",
      reason: "Bank account name mismatch",
    });
    const history = (await client.get(`${API.walletHistory}?account=wallet`)).json();
    expect(
      history.items.slice(0, 2).map((e: { kind: string; amountMicrocents: string }) => [e.kind, e.amountMicrocents]),
    ).toEqual([
      ["withdrawal_release", apiCents(30_000)],
      ["withdrawal_hold", apiCents(-30_000)],
    ]);
  });

  it("approves once when admins race, and member cancel racing approval settles one way", async () => {
    const account = await funded(50_000);
    const { client, member } = account;
    const second = await signInAdmin(t.app);
    const w = await confirmed(account, 20_000);
    const results = await Promise.all([
      admin.post(API.adminWithdrawalApprove(w.id), { payoutReference: "PAY-RACE-1" }),
      second.post(API.adminWithdrawalApprove(w.id), { payoutReference: "PAY-RACE-1" }),
      client.post(API.withdrawalCancel(w.id), {}),
    ]);
    const final = (await client.get(API.withdrawal(w.id))).json().status;
    const b = await balances(member.uid);
    if (final === "approved") {
      expect(b).toMatchObject({ wallet: fromCents(30_000), withdrawal_hold: 0n });
      expect(results[2]?.statusCode).toBe(409);
    } else {
      expect(final).toBe("cancelled");
      expect(b).toMatchObject({ wallet: fromCents(50_000), withdrawal_hold: 0n });
    }
  });
});
