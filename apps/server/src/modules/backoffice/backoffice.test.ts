import { API, DEMO_GRANT_MICROCENTS, fromCents, MAX_AMOUNT_MICROCENTS } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  databaseKinds,
  makeStaff,
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
  multipartForm,
  png,
  postForm,
  readyMember,
} from "../../../test/money.ts";
import { getMemberBalances, moneyTransaction, postTransaction } from "../ledger/index.ts";

/** The sum of a dashboard's amounts by account (strings of microcents), exactly. */
const sumOf = (byAccount: Record<string, string>) => Object.values(byAccount).reduce((a, b) => a + BigInt(b), 0n);

describe.each(databaseKinds)("back office on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  beforeAll(async () => {
    t = await moneyApp(kind);
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const adjust = (uid: string, body: unknown, headers?: Record<string, string>) =>
    admin.request({ method: "POST", url: API.adminMemberAdjust(uid), json: body, headers });

  it("answers 404 to members on every back-office money route", async () => {
    const { client, member } = await signUpVerified(t.app);
    for (const res of [
      await client.get(API.adminDashboard),
      await client.get(API.adminMemberMoney(member.uid)),
      await client.get(API.adminMemberLedger(member.uid)),
      await client.post(API.adminMemberAdjust(member.uid), {
        account: "wallet",
        amountMicrocents: apiCents(100),
        reason: "free money",
      }),
      await client.post(API.adminMemberDemoReset(member.uid), {}),
      await client.get(API.adminLedgerVerify),
    ]) {
      expectError(res, 404, "NOT_FOUND");
    }
    expect((await getMemberBalances(t.database.db, member.uid)).wallet).toBe(0n);
  });

  it("adjusts a balance with a mandatory reason, audited, pushed, never below zero", async () => {
    const { member } = await signUpVerified(t.app);
    const pushed = captureMessages(t.app, member.uid);
    const credit = await adjust(member.uid, {
      account: "wallet",
      amountMicrocents: apiCents(12_345),
      reason: "Goodwill credit",
    });
    expect(credit.json()).toMatchObject({
      account: "wallet",
      amountMicrocents: apiCents(12_345),
      balanceAfterMicrocents: apiCents(12_345),
      replayed: false,
    });
    const debit = await adjust(member.uid, {
      account: "wallet",
      amountMicrocents: apiCents(-345),
      reason: "Correction of a typo",
    });
    expect(debit.json()).toMatchObject({ amountMicrocents: apiCents(-345), balanceAfterMicrocents: apiCents(12_000) });
    // A microcent more than the balance.
    expectError(
      await adjust(member.uid, {
        account: "wallet",
        amountMicrocents: String(-(fromCents(12_000) + 1n)),
        reason: "Too much",
      }),
      409,
      "INSUFFICIENT_FUNDS",
    );
    await adjust(member.uid, { account: "bonus", amountMicrocents: apiCents(500), reason: "Promo bonus" });
    expect(await getMemberBalances(t.database.db, member.uid)).toMatchObject({
      wallet: fromCents(12_000),
      bonus: fromCents(500),
    });
    const cases: [unknown, string][] = [
      [{ account: "wallet", amountMicrocents: apiCents(100) }, "reason"],
      [{ account: "wallet", amountMicrocents: apiCents(100), reason: "  " }, "reason"],
      [{ account: "wallet", amountMicrocents: "0", reason: "Nothing" }, "amountMicrocents"],
      [{ account: "wallet", amountMicrocents: 0, reason: "Nothing" }, "amountMicrocents"],
      [{ account: "wallet", amountMicrocents: 1.5, reason: "Fraction" }, "amountMicrocents"],
      [{ account: "wallet", amountMicrocents: "1.5", reason: "Fraction" }, "amountMicrocents"],
      [{ account: "withdrawal_hold", amountMicrocents: apiCents(100), reason: "Hold" }, "account"],
      [{ account: "demo", amountMicrocents: apiCents(100), reason: "Demo" }, "account"],
    ];
    for (const [body, field] of cases) expectError(await adjust(member.uid, body), 400, "VALIDATION_FAILED", field);
    // The largest amount is named as every amount field names it, a debit as a credit.
    const huge = await adjust(member.uid, {
      account: "wallet",
      amountMicrocents: String(-(MAX_AMOUNT_MICROCENTS + 1n)),
      reason: "Too much",
    });
    expectError(huge, 400, "VALIDATION_FAILED", "amountMicrocents");
    expect(JSON.stringify(huge.json())).toContain("At most 1,000,000,000.00 USD");
    expectError(
      await adjust("no-such-member", { account: "wallet", amountMicrocents: apiCents(1), reason: "Ghost" }),
      404,
      "NOT_FOUND",
    );

    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    const adjustments = audit.items.filter((a: { action: string }) => a.action === "member.balance_adjust");
    expect(adjustments).toHaveLength(3);
    expect(adjustments.at(-1).after).toMatchObject({
      account: "wallet",
      amountMicrocents: apiCents(12_345),
      reason: "Goodwill credit",
    });
    const ledger = (await admin.get(`${API.adminMemberLedger(member.uid)}?kind=adjustment`)).json();
    expect(ledger.items.map((e: { memo: string }) => e.memo)).toEqual([
      "Promo bonus",
      "Correction of a typo",
      "Goodwill credit",
    ]);
    await expect.poll(() => pushed.messages.filter((m) => m.type === "balances").length).toBe(3);
    pushed.off();
  });

  it("answers a repeated Idempotency-Key with the first result, also when admins race", async () => {
    const { member } = await signUpVerified(t.app);
    const second = await signInAdmin(t.app);
    const body = { account: "wallet", amountMicrocents: apiCents(7_000), reason: "Refund of ticket 42" };
    const headers = { "idempotency-key": "adjust-ticket-42" };
    const raced = await Promise.all([
      adjust(member.uid, body, headers),
      second.request({ method: "POST", url: API.adminMemberAdjust(member.uid), json: body, headers }),
      adjust(member.uid, body, headers),
    ]);
    expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    expect(new Set(raced.map((r) => r.json().transactionId)).size).toBe(1);
    expect(raced.filter((r) => !r.json().replayed)).toHaveLength(1);
    expect(raced.every((r) => r.json().balanceAfterMicrocents === apiCents(7_000))).toBe(true);
    await adjust(member.uid, { ...body, amountMicrocents: apiCents(1_000) });
    const replay = await adjust(member.uid, body, headers);
    expect(replay.json()).toMatchObject({ replayed: true, balanceAfterMicrocents: apiCents(7_000) });
    expect((await getMemberBalances(t.database.db, member.uid)).wallet).toBe(fromCents(8_000));
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.filter((a: { action: string }) => a.action === "member.balance_adjust")).toHaveLength(2);
  });

  it("resets a member's demo balance, audited", async () => {
    const { client, member } = await signUpVerified(t.app);
    await client.post(API.walletDemoReset, {}); // already at 10,000.00: nothing moves
    const res = await admin.post(API.adminMemberDemoReset(member.uid), {});
    expect(res.json()).toEqual({ transactionId: null, demoMicrocents: String(DEMO_GRANT_MICROCENTS), replayed: false });
    // Spend some demo money through the ledger, then reset.
    await moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "trade_stake",
        idempotencyKey: `bo-stake-${member.uid}`,
        legs: [
          { account: { userId: member.uid, account: "demo" }, amount: -fromCents(2_500) },
          { account: { system: "demo_issuer" }, amount: fromCents(2_500) },
        ],
      }),
    );
    const reset = await admin.post(API.adminMemberDemoReset(member.uid), {});
    expect(reset.json()).toMatchObject({
      demoMicrocents: String(DEMO_GRANT_MICROCENTS),
      transactionId: expect.any(String),
    });
    expect((await getMemberBalances(t.database.db, member.uid)).demo).toBe(DEMO_GRANT_MICROCENTS);
    const audit = (await admin.get(`${API.adminAudit}?targetUserId=${member.uid}`)).json();
    expect(audit.items.filter((a: { action: string }) => a.action === "member.demo_reset")).toHaveLength(1);
    expectError(await admin.post(API.adminMemberDemoReset("no-such-member"), {}), 404, "NOT_FOUND");
  });

  it("shows a member's money: balances, KYC, bank data and ledger", async () => {
    const { client, member } = await readyMember(t.app, admin);
    await fundWallet(admin, member.uid, 4_200);
    const money = (await admin.get(API.adminMemberMoney(member.uid))).json();
    expect(money).toMatchObject({
      balances: {
        wallet: apiCents(4_200),
        demo: String(DEMO_GRANT_MICROCENTS),
        profit: apiCents(0),
        bonus: apiCents(0),
        withdrawal_hold: apiCents(0),
      },
      kyc: { status: "approved", submission: { legalName: "Ada Lovelace" } },
      bank: { bankName: "Bank of Tests", accountNumber: "GB29NWBK60161331926819" },
    });
    const ledger = (await admin.get(API.adminMemberLedger(member.uid))).json();
    expect(ledger).toMatchObject({ total: 2, items: [{ kind: "adjustment" }, { kind: "demo_grant" }] });
    expect(ledger).toEqual((await client.get(API.walletHistory)).json());
    expectError(await admin.get(API.adminMemberMoney("no-such-member")), 404, "NOT_FOUND");
    expectError(await admin.get(API.adminMemberLedger("no-such-member")), 404, "NOT_FOUND");
  });

  it("counts queues, money and today's deposits and withdrawals on the dashboard", async () => {
    const before = (await admin.get(API.adminDashboard)).json();
    const { client, member, input } = await readyMember(t.app, admin);
    await fundWallet(admin, member.uid, 100_000);
    // A deposit approved today, one awaiting payment, one waiting for review.
    const approved = (await client.post(API.deposits, { amountMicrocents: apiCents(20_000) })).json();
    const form = multipartForm({}, [{ field: "file", filename: "r.png", contentType: "image/png", data: await png() }]);
    await postForm(client, API.depositProof(approved.id), form);
    await admin.post(API.adminDepositApprove(approved.id), {});
    await client.post(API.deposits, { amountMicrocents: apiCents(3_000) });
    const review = (await client.post(API.deposits, { amountMicrocents: apiCents(4_000) })).json();
    await postForm(client, API.depositProof(review.id), form);
    // Two withdrawals confirmed from their mail, one approved today; one not confirmed (not in the queue).
    await client.post(API.withdrawals, { amountMicrocents: apiCents(10_000) });
    const w1 = await confirmFromMail(t.app, input.email);
    await client.post(API.withdrawals, { amountMicrocents: apiCents(5_000) });
    await confirmFromMail(t.app, input.email);
    await admin.post(API.adminWithdrawalApprove(w1.id), { payoutReference: "PAY-DASH-1" });
    await client.post(API.withdrawals, { amountMicrocents: apiCents(1_000) });
    // A KYC waiting.
    const other = await signUpVerified(t.app);
    await postForm(other.client, API.kyc, await kycForm());

    const after = (await admin.get(API.adminDashboard)).json();
    const d = (path: (x: typeof after) => number) => path(after) - path(before);
    // Amounts are strings of microcents, their changes bigints.
    const dm = (path: (x: typeof after) => string) => BigInt(path(after)) - BigInt(path(before));
    expect(d((x) => x.members.total)).toBe(2);
    expect(d((x) => x.pending.deposits)).toBe(1);
    expect(d((x) => x.pending.depositsAwaitingPayment)).toBe(1);
    expect(d((x) => x.pending.withdrawals)).toBe(1);
    expect(d((x) => x.pending.kyc)).toBe(1);
    expect(d((x) => x.today.depositsRequested.count)).toBe(3);
    expect(dm((x) => x.today.depositsRequested.sumMicrocents)).toBe(fromCents(27_000));
    expect(d((x) => x.today.depositsApproved.count)).toBe(1);
    expect(dm((x) => x.today.depositsApproved.sumMicrocents)).toBe(fromCents(20_000));
    expect(d((x) => x.today.withdrawalsRequested.count)).toBe(3);
    expect(dm((x) => x.today.withdrawalsRequested.sumMicrocents)).toBe(fromCents(16_000));
    expect(dm((x) => x.today.withdrawalsApproved.sumMicrocents)).toBe(fromCents(10_000));
    // Member money: +100,000 adjusted + 20,000 deposited − 10,000 paid out; 6,000 of it on hold.
    expect(dm((x) => x.memberMoney.wallet)).toBe(fromCents(104_000));
    expect(dm((x) => x.memberMoney.withdrawal_hold)).toBe(fromCents(6_000));
    expect(dm((x) => x.memberMoney.demo)).toBe(2n * DEMO_GRANT_MICROCENTS);
    expect(dm((x) => x.systemAccounts.deposits_clearing)).toBe(-fromCents(20_000));
    expect(dm((x) => x.systemAccounts.fees)).toBe(fromCents(100));
    // Every account's balances sum to zero across members, the admins' own and the platform.
    expect(sumOf(after.memberMoney) + sumOf(after.adminMoney) + sumOf(after.systemAccounts)).toBe(0n);
  });

  it("counts members' money only: the admins' own money stands apart, and all still sums to zero", async () => {
    const before = (await admin.get(API.adminDashboard)).json();
    const { member } = await signUpVerified(t.app);
    const other = await signUpVerified(t.app);
    await makeStaff(t.app, other.member.uid, ["owner"]);
    await fundWallet(admin, member.uid, 3_000);
    await fundWallet(admin, other.member.uid, 7_000);
    await adjust(other.member.uid, {
      account: "bonus",
      amountMicrocents: apiCents(500),
      reason: "An admin's own bonus",
    });

    const after = (await admin.get(API.adminDashboard)).json();
    const d = (path: (x: typeof after) => number) => path(after) - path(before);
    // Amounts are strings of microcents, their changes bigints.
    const dm = (path: (x: typeof after) => string) => BigInt(path(after)) - BigInt(path(before));
    // One more member, as the members count says: the promoted account is an admin now.
    expect(d((x) => x.members.total)).toBe(1);
    expect(dm((x) => x.memberMoney.demo)).toBe(DEMO_GRANT_MICROCENTS);
    expect(dm((x) => x.memberMoney.wallet)).toBe(fromCents(3_000));
    expect(dm((x) => x.memberMoney.bonus)).toBe(0n);
    // Apart: the admins' own, the seeded admin's demo grant (every account gets one) among them.
    expect(BigInt(before.adminMoney.demo)).toBeGreaterThanOrEqual(DEMO_GRANT_MICROCENTS);
    expect(dm((x) => x.adminMoney.demo)).toBe(DEMO_GRANT_MICROCENTS);
    expect(dm((x) => x.adminMoney.wallet)).toBe(fromCents(7_000));
    expect(dm((x) => x.adminMoney.bonus)).toBe(fromCents(500));
    // The platform's side is every account's: the demo issuer gave both grants.
    expect(dm((x) => x.systemAccounts.demo_issuer)).toBe(-2n * DEMO_GRANT_MICROCENTS);
    expect(dm((x) => x.systemAccounts.adjustments)).toBe(-fromCents(10_500));
    expect(sumOf(after.memberMoney) + sumOf(after.adminMoney) + sumOf(after.systemAccounts)).toBe(0n);
  });

  it("adds up amounts past 2⁵³ microcents exactly", async () => {
    const before = (await admin.get(API.adminDashboard)).json();
    const { member } = await signUpVerified(t.app);
    // 100,000,000.00 USD and a microcent: 10¹⁶ + 1 microcents, which a JS number cannot hold.
    const large = fromCents(10_000_000_000) + 1n;
    await moneyTransaction(t.database.db, (tx) =>
      postTransaction(tx, {
        kind: "adjustment",
        idempotencyKey: `bo-large-${member.uid}`,
        legs: [
          { account: { system: "adjustments" }, amount: -large },
          { account: { userId: member.uid, account: "wallet" }, amount: large },
        ],
      }),
    );
    const after = (await admin.get(API.adminDashboard)).json();
    expect(BigInt(after.memberMoney.wallet) - BigInt(before.memberMoney.wallet)).toBe(large);
    expect(BigInt(after.systemAccounts.adjustments) - BigInt(before.systemAccounts.adjustments)).toBe(-large);
    expect((await admin.get(API.adminMemberMoney(member.uid))).json().balances.wallet).toBe("10000000000000001");
    expect(sumOf(after.memberMoney) + sumOf(after.adminMoney) + sumOf(after.systemAccounts)).toBe(0n);
  });

  it("runs the ledger verification on demand", async () => {
    const res = await admin.get(API.adminLedgerVerify);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      ok: true,
      unbalancedTransactions: [],
      driftedBalances: [],
      negativeMemberBalances: [],
      brokenRunningBalances: [],
      counts: { transactions: expect.any(Number), entries: expect.any(Number), accounts: expect.any(Number) },
    });
  });
});
