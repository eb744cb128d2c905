import { fromCents, jsonText, settingsSchema } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { formatDateTime } from "../../lib/format.ts";
import { auditSentence, DESCRIBED_ACTIONS } from "./audit-sentences.ts";

/** An amount as the server stores it in the log: microcents, as a string of digits. */
const stored = (cents: number) => String(fromCents(cents));
/** A record as the log holds it: its JSON, amounts as strings of digits. */
const asStored = (value: object): Record<string, unknown> => JSON.parse(jsonText(value));

/** What the server stores for each action (its modules' recordAudit calls), and how it reads. */
const PACKAGE = {
  id: "p1",
  slug: "gold",
  name: "Gold",
  description: "",
  minAmount: stored(1_000),
  maxAmount: stored(100_000),
  dailyRateBps: 120,
  durationPeriods: 30,
  capitalReturn: true,
  sortOrder: 0,
  active: true,
  createdAt: "2026-01-01T00:00:00.000Z",
  updatedAt: "2026-01-01T00:00:00.000Z",
};
const SETTINGS = settingsSchema.parse({});

const CASES: [action: string, before: unknown, after: unknown, sentence: string][] = [
  [
    "member.block",
    { userBlock: false, userStatus: "active" },
    { userBlock: true, userStatus: "active", reason: "spam" },
    "Blocked the member (was active): reason “spam”",
  ],
  [
    "member.unblock",
    { userBlock: true, userStatus: "active" },
    { userBlock: false, userStatus: "active", reason: null },
    "Unblocked the member (was blocked)",
  ],
  [
    "member.ban",
    { userBlock: false, userStatus: "active" },
    { userBlock: false, userStatus: "banned", reason: "fraud" },
    "Banned the member (was active): reason “fraud”",
  ],
  [
    "member.unban",
    { userBlock: false, userStatus: "banned" },
    { userBlock: false, userStatus: "active", reason: null },
    "Unbanned the member (was banned)",
  ],
  ["member.trading_mode", { userTrading: false }, { userTrading: true }, "Changed trading mode from Free to Real"],
  [
    "member.trading_lock",
    { tradingLocked: false, userTrading: true },
    { tradingLocked: true, userTrading: false },
    "Locked the member to Practice (moved from Real to Free)",
  ],

  [
    "member.break_timeout",
    null,
    { kind: "timeout", endsAt: "2026-03-05T14:05:00.000Z" },
    `Took a timeout until ${formatDateTime("2026-03-05T14:05:00.000Z", { locale: "en" })}`,
  ],
  [
    "member.break_exclusion",
    null,
    { kind: "exclusion", endsAt: "2026-09-03T14:05:00.000Z" },
    `Excluded themselves until ${formatDateTime("2026-09-03T14:05:00.000Z", { locale: "en" })}`,
  ],
  [
    "member.break_lift",
    { kind: "exclusion", endsAt: "2026-09-03T14:05:00.000Z" },
    { reason: "Reviewed with compliance" },
    "Lifted the member's self-exclusion early: reason “Reviewed with compliance”",
  ],
  ["member.impersonation_link", null, null, "Made a one-time link to sign in as the member"],
  ["member.impersonation_start", null, null, "Signed in as the member"],
  ["member.impersonation_end", null, null, "Ended the session as the member"],
  [
    "member.limit",
    { limit: "loss7d", value: null },
    { limit: "loss7d", value: stored(5_000) },
    "Changed their 7-day loss limit from none to 50.00 USD",
  ],
  [
    "member.close",
    { userStatus: "active" },
    { userStatus: "closed", sessionsEnded: 2 },
    "The member closed their account (every session signed out; the records are kept)",
  ],
  [
    "member.freeze",
    null,
    { cause: "bank.changed", sessionsEnded: 2 },
    "The member froze their account from a security e-mail (every session signed out)",
  ],
  ["member.unfreeze", { cause: "bank.changed" }, null, "Lifted the member's freeze"],
  [
    "impersonation.request",
    null,
    { method: "GET", route: "/api/wallet", status: 200 },
    "As the member: GET /api/wallet",
  ],
  [
    "member.sign_in_backoff",
    null,
    { failures: 5, delaySeconds: 30 },
    "Slowed down sign-ins after 5 failed attempts: next attempt in 30 s",
  ],
  [
    "member.balance_adjust",
    { account: "wallet", balanceMicrocents: stored(10_000) },
    {
      account: "wallet",
      balanceMicrocents: stored(11_000),
      amountMicrocents: stored(1_000),
      reason: "Goodwill",
      transactionId: "t1",
    },
    "Adjusted the Wallet balance by +10.00 USD to 110.00 USD: reason “Goodwill”",
  ],
  [
    "member.demo_reset",
    { demoMicrocents: stored(52_300) },
    { demoMicrocents: stored(1_000_000), transactionId: "t2" },
    "Reset the demo balance from 523.00 USD to 10,000.00 USD",
  ],
  [
    "referral.commission_skipped",
    null,
    {
      investmentId: "i1",
      level: 2,
      amountMicrocents: stored(300),
      reason: "The referrer is blocked or banned and earns nothing.",
    },
    "Skipped a level 2 referral commission of 3.00 USD: reason “The referrer is blocked or banned and earns nothing.”",
  ],
  [
    "bank.update",
    null,
    { bankName: "Bank Mandiri", accountNumber: "****5678" },
    "Added the bank account Bank Mandiri ****5678",
  ],
  [
    "deposit.approve",
    { id: "d1", reference: "HX7K2M", status: "proof_submitted" },
    { status: "approved", amountMicrocents: stored(25_000) },
    "Approved deposit HX7K2M of 250.00 USD",
  ],
  [
    "deposit.reject",
    { id: "d1", reference: "HX7K2M", status: "awaiting_payment" },
    { status: "rejected", reason: "No payment arrived" },
    "Rejected deposit HX7K2M (was awaiting payment): reason “No payment arrived”",
  ],
  [
    "withdrawal.approve",
    { id: "w1", status: "pending", amountMicrocents: stored(10_000) },
    { status: "approved", payoutReference: "TX-1", netMicrocents: stored(9_850), feeMicrocents: stored(150) },
    "Approved a withdrawal of 100.00 USD: paid out 98.50 USD after a 1.50 USD fee, payout reference “TX-1”",
  ],
  [
    "withdrawal.reject",
    { id: "w1", status: "pending", amountMicrocents: stored(10_000) },
    { status: "rejected", reason: "Name mismatch" },
    "Rejected a withdrawal of 100.00 USD: reason “Name mismatch”",
  ],
  ["kyc.approve", { status: "pending" }, { status: "approved", reason: null }, "Approved the KYC (was pending)"],
  [
    "kyc.reject",
    { status: "pending" },
    { status: "rejected", reason: "Blurred photo" },
    "Rejected the KYC (was pending): reason “Blurred photo”",
  ],
  [
    "package.create",
    null,
    PACKAGE,
    "Created package “Gold” (gold): 10.00 USD to 1,000.00 USD at 1.2% per period for 30 periods",
  ],
  [
    "package.update",
    PACKAGE,
    { ...PACKAGE, dailyRateBps: 150, active: false, updatedAt: "2026-02-01T00:00:00.000Z" },
    "Changed package “Gold” (gold): Rate per period from 1.2% to 1.5%; Active from yes to no",
  ],
  ["package.delete", PACKAGE, null, "Deleted package “Gold” (gold)"],
  [
    "staff.invite",
    null,
    { email: "kim@helio.test", roles: ["finance", "support"] },
    "Invited “kim@helio.test” to the back office as Finance and Support",
  ],
  [
    "staff.roles",
    { roles: ["support"] },
    { roles: ["compliance", "trading_desk", "auditor"] },
    "Changed the staff roles from Support to Compliance, Trading desk and Auditor",
  ],
  [
    "withdrawal.first_approval",
    { id: "w1", status: "pending", amountMicrocents: stored(600_000) },
    { status: "pending", awaiting: "second_approval" },
    "Gave the first of two approvals to a withdrawal of 6,000.00 USD: it awaits a second approver",
  ],
  [
    "member.balance_adjust_request",
    null,
    { account: "wallet", amountMicrocents: stored(2_500_000), reason: "Goodwill", requestId: "r1" },
    "Asked for a second approval to adjust the Wallet balance by +25,000.00 USD: reason “Goodwill”",
  ],
  [
    "member.balance_adjust_reject",
    { account: "bonus", amountMicrocents: stored(-2_500_000), reason: "Goodwill", requestedBy: "a1" },
    { reason: "Wrong member", requestId: "r1" },
    "Rejected the adjustment of the Bonus balance by -25,000.00 USD: reason “Wrong member”",
  ],
  ["member.two_factor_reset_request", null, null, "Asked the member by mail to confirm a reset of their two-factor"],
  ["member.two_factor_reset", null, null, "Two-factor turned off: the member confirmed the reset"],
  ["staff.disable", { roles: ["finance"] }, null, "Disabled the staff account"],
  ["staff.enable", { roles: ["finance"] }, null, "Enabled the staff account"],
  [
    "settings.update",
    asStored(SETTINGS),
    asStored({
      ...SETTINGS,
      depositMinMicrocents: fromCents(2_000),
      withdrawalFeeBps: 150,
      tradeDurations: [60, 300],
      transferInstructions: { ...SETTINGS.transferInstructions, bankName: "New Bank" },
    }),
    "Changed the settings: Minimum deposit from 10.00 USD to 20.00 USD; Withdrawal fee from 1% to 1.5%; " +
      "Trade durations from 30 s, 1 m, 5 m, 15 m, 30 m, 1 h to 1 m, 5 m; Transfer bank name from “Helio Bank” to “New Bank”",
  ],
];

describe("auditSentence", () => {
  it("has a case here for every action it describes", () => {
    expect(CASES.map(([action]) => action).sort()).toEqual([...DESCRIBED_ACTIONS].sort());
  });

  it.each(CASES)("reads %s as a sentence", (action, before, after, sentence) => {
    expect(auditSentence({ action, before, after })).toBe(sentence);
  });

  it("reads the less common shapes of known actions", () => {
    const sentence = (action: string, before: unknown, after: unknown) => auditSentence({ action, before, after });
    expect(sentence("impersonation.request", null, { method: "POST", route: "/api/withdrawals", status: 403 })).toBe(
      "As the member: POST /api/withdrawals (refused: read-only)",
    );
    // A raise or removal waits for its cooling-off.
    expect(
      sentence(
        "member.limit",
        { limit: "openContracts", value: 3 },
        { limit: "openContracts", value: 3, pendingValue: null, pendingAt: "2026-03-06T14:05:00.000Z" },
      ),
    ).toBe(
      `Asked to change their open contracts limit from 3 to none, from ${formatDateTime("2026-03-06T14:05:00.000Z", { locale: "en" })} (cooling-off)`,
    );
    expect(sentence("member.trading_mode", { userTrading: true }, { userTrading: false })).toBe(
      "Changed trading mode from Real to Free",
    );
    expect(
      sentence(
        "member.trading_lock",
        { tradingLocked: true, userTrading: false },
        { tradingLocked: false, userTrading: false },
      ),
    ).toBe("Lifted the Practice lock: the member may switch to Real again");
    expect(
      sentence("member.block", { userBlock: false, userStatus: "banned" }, { userBlock: true, userStatus: "banned" }),
    ).toBe("Blocked the member (was banned)");
    expect(
      sentence(
        "member.balance_adjust",
        { account: "bonus" },
        { account: "bonus", amountMicrocents: stored(-250), reason: "x" },
      ),
    ).toBe("Adjusted the Bonus balance by -2.50 USD: reason “x”");
    expect(
      sentence(
        "bank.update",
        { bankName: "Old Bank", accountNumber: "****1111" },
        { bankName: "New Bank", accountNumber: "****2222" },
      ),
    ).toBe("Changed the bank account from Old Bank ****1111 to New Bank ****2222");
    expect(sentence("package.update", PACKAGE, PACKAGE)).toBe("Saved package “Gold” (gold) without changes");
    expect(sentence("settings.update", asStored(SETTINGS), asStored(SETTINGS))).toBe(
      "Saved the settings without changes",
    );
    expect(
      sentence("settings.update", asStored(SETTINGS), asStored({ ...SETTINGS, investmentPeriodSeconds: 30 })),
    ).toBe(
      "Changed the settings: Accrual period from 86400 s to 30 s. The accrual period applies to every package's " +
        "terms and to investments bought from then on; running investments keep theirs",
    );
    // The first save: nothing was stored, so the defaults were in effect.
    expect(sentence("settings.update", null, asStored({ ...SETTINGS, menuContact: false }))).toBe(
      "Changed the settings: Support chat button from on to off",
    );
    // A record saved before a field existed: that field had its default.
    const { referralCommissionBps: _gone, ...older } = SETTINGS;
    expect(
      sentence("settings.update", asStored(older), asStored({ ...SETTINGS, referralCommissionBps: [600, 300, 100] })),
    ).toBe("Changed the settings: Referral commissions from 5% / 3% / 1% to 6% / 3% / 1%");
    // A long reason is cut.
    expect(sentence("member.ban", null, { reason: "x".repeat(200) })).toBe(
      `Banned the member: reason “${"x".repeat(79)}…”`,
    );
  });

  it("shows an amount to the microcent, as stored", () => {
    const sentence = (action: string, before: unknown, after: unknown) => auditSentence({ action, before, after });
    // 100,000 IDR at 16,250 IDR per USD: 6.15384615 USD, not rounded to the cent.
    expect(sentence("deposit.approve", { reference: "HX7K2M" }, { amountMicrocents: "615384615" })).toBe(
      "Approved deposit HX7K2M of 6.15384615 USD",
    );
    expect(
      sentence("member.balance_adjust", { account: "wallet" }, { account: "wallet", amountMicrocents: "-1234567891" }),
    ).toBe("Adjusted the Wallet balance by -12.34567891 USD");
    expect(
      sentence("member.limit", { limit: "openContracts", value: "3" }, { limit: "openContracts", value: "5" }),
    ).toBe("Changed their open contracts limit from 3 to 5");
  });

  it("reads rows written before amounts were microcents: numbers of cents under …Cents keys", () => {
    const sentence = (action: string, before: unknown, after: unknown) => auditSentence({ action, before, after });
    expect(
      sentence(
        "member.balance_adjust",
        { account: "wallet", balanceCents: 10_000 },
        { account: "wallet", balanceCents: 11_000, amountCents: 1_000, reason: "Goodwill" },
      ),
    ).toBe("Adjusted the Wallet balance by +10.00 USD to 110.00 USD: reason “Goodwill”");
    expect(
      sentence(
        "withdrawal.approve",
        { amountCents: 10_000 },
        { payoutReference: "TX-1", netCents: 9_850, feeCents: 150 },
      ),
    ).toBe("Approved a withdrawal of 100.00 USD: paid out 98.50 USD after a 1.50 USD fee, payout reference “TX-1”");
    expect(sentence("member.limit", { limit: "loss7d", value: null }, { limit: "loss7d", value: 5_000 })).toBe(
      "Changed their 7-day loss limit from none to 50.00 USD",
    );
    expect(sentence("package.create", null, { ...PACKAGE, minAmount: 1_000, maxAmount: 100_000 })).toBe(
      "Created package “Gold” (gold): 10.00 USD to 1,000.00 USD at 1.2% per period for 30 periods",
    );
    expect(sentence("fund.move", null, { amountCents: 1_500, feeBps: 25 })).toBe(
      "Fund move: Amount 15.00 USD; Fee 0.25%",
    );
    // The settings as stored then: every amount in cents, under the keys of then.
    const {
      depositMinMicrocents: _deposit,
      tradeAmountPresetsMicrocents: _presets,
      tradeExposureCapMicrocents: _caps,
      ...rest
    } = SETTINGS;
    const older = (depositMinCents: number, btcCap: number) => ({
      ...asStored(rest),
      depositMinCents,
      tradeAmountPresetsCents: [500, 1_000, 2_500, 5_000, 10_000],
      tradeExposureCapCents: { BTC: btcCap },
    });
    expect(sentence("settings.update", older(1_000, 500_000), older(2_000, 750_000))).toBe(
      "Changed the settings: Minimum deposit from 10.00 USD to 20.00 USD; " +
        "Exposure cap per pair from BTC 5,000.00 USD to BTC 7,500.00 USD",
    );
    expect(sentence("settings.update", older(1_000, 500_000), older(1_000, 500_000))).toBe(
      "Saved the settings without changes",
    );
  });

  it("falls back to the action's words and its fields for an action it does not know", () => {
    const sentence = (action: string, before: unknown, after: unknown) => auditSentence({ action, before, after });
    expect(sentence("member.email_change", null, null)).toBe("Member email change");
    expect(sentence("member.email_change", { email: "a@x.test" }, { email: "b@x.test" })).toBe(
      "Member email change: Email from “a@x.test” to “b@x.test”",
    );
    expect(sentence("fund.move", null, { amountMicrocents: stored(1_500), feeBps: 25, to: "wallet", done: true })).toBe(
      "Fund move: Amount 15.00 USD; Fee 0.25%; To “wallet”; Done yes",
    );
    expect(sentence("odd.one", "text", 3)).toBe("Odd one");
    expect(sentence("", null, null)).toBe("Unknown action");
    // Names an object's own properties only, and a known action with a strange shape still reads.
    expect(sentence("constructor", null, null)).toBe("Constructor");
    expect(sentence("member.demo_reset", "x", 42)).toBe("Reset the demo balance from nothing to nothing");
    expect(sentence("withdrawal.approve", [1], { netMicrocents: "a lot" })).toBe(
      "Approved a withdrawal of nothing: paid out “a lot” after a nothing fee",
    );
  });
});
