import { API, fromCents, type StaffRole } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Client,
  changeSettings,
  databaseKinds,
  makeStaff,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  confirmFromMail,
  expectError,
  expectSoundLedger,
  fundWallet,
  moneyApp,
  readyMember,
} from "../../../test/money.ts";
import { getMemberBalances } from "../ledger/index.ts";

type AuditItem = { action: string; actorId: string | null; before: unknown; after: unknown };

describe.each(databaseKinds)("four eyes on %s", (kind) => {
  let t: TestApp;
  let owner: Client;
  let first: { client: Client; uid: string };
  let second: { client: Client; uid: string };
  let third: { client: Client; uid: string };
  const staff = async (roles: StaffRole[]) => {
    const { client, member } = await signUpVerified(t.app);
    await makeStaff(t.app, member.uid, roles);
    return { client, uid: member.uid };
  };
  beforeAll(async () => {
    t = await moneyApp(kind);
    owner = await signInAdmin(t.app);
    // Small thresholds keep the amounts within the default withdrawal limits.
    await changeSettings(owner, {
      withdrawalSecondApprovalMicrocents: apiCents(20_000),
      adjustmentSecondApprovalMicrocents: apiCents(50_000),
    });
    first = await staff(["finance"]);
    second = await staff(["finance", "support"]);
    third = await staff(["owner"]);
  });
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const balances = (uid: string) => getMemberBalances(t.database.db, uid);
  const auditOf = async (uid: string): Promise<AuditItem[]> =>
    (await owner.get(`${API.adminAudit}?targetUserId=${uid}&pageSize=50`)).json().items;
  const withdrawalOf = async (cents: number) => {
    const account = await readyMember(t.app, owner);
    // Two credits under the adjustments' threshold.
    await fundWallet(owner, account.member.uid, 50_000);
    await fundWallet(owner, account.member.uid, 50_000);
    const res = await account.client.post(API.withdrawals, { amountMicrocents: apiCents(cents) });
    expect(res.statusCode, res.body).toBe(201);
    // Only a withdrawal the member confirmed from the mailed link reaches the operators' queue.
    const confirmed = await confirmFromMail(t.app, account.input.email);
    expect(confirmed).toMatchObject({ id: res.json().id, status: "pending" });
    return { ...account, id: res.json().id as string };
  };
  const approve = (client: Client, id: string) =>
    client.post(API.adminWithdrawalApprove(id), { payoutReference: "BANK-REF-1" });

  describe("withdrawals", () => {
    it("pays a small one at the first approval", async () => {
      const { member, id } = await withdrawalOf(20_000);
      const res = await approve(first.client, id);
      expect(res.json()).toMatchObject({ status: "approved", firstApproval: null, needsSecondApproval: false });
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: 0n, wallet: fromCents(80_000) });
    });

    it("waits for a second approver above the threshold, refuses the same person twice, pays once", async () => {
      const { member, id } = await withdrawalOf(20_001);
      const once = await approve(first.client, id);
      expect(once.statusCode).toBe(200);
      expect(once.json()).toMatchObject({
        status: "pending",
        needsSecondApproval: true,
        firstApproval: { adminId: first.uid },
        payoutReference: null,
      });
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: fromCents(20_001) });
      // Visible in the queue as awaiting its second approval.
      const queue = (await second.client.get(API.adminWithdrawals)).json().items;
      expect(queue.find((w: { id: string }) => w.id === id)).toMatchObject({ firstApproval: { adminId: first.uid } });

      expectError(await approve(first.client, id), 409, "SECOND_APPROVER_REQUIRED");
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: fromCents(20_001) });
      // Support alone may not approve at all.
      const { client: support } = await staff(["support"]);
      expect((await approve(support, id)).statusCode).toBe(403);

      const paid = await approve(second.client, id);
      expect(paid.json()).toMatchObject({ status: "approved", payoutReference: "BANK-REF-1" });
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: 0n, wallet: fromCents(79_999) });
      // A late approval answers with the approved withdrawal and moves nothing more.
      expect((await approve(third.client, id)).json().status).toBe("approved");
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: 0n, wallet: fromCents(79_999) });
      const actions = (await auditOf(member.uid)).map((a) => [a.action, a.actorId]);
      expect(actions.slice(0, 2)).toEqual([
        ["withdrawal.approve", second.uid],
        ["withdrawal.first_approval", first.uid],
      ]);
    });

    it("lets either approver reject after the first approval", async () => {
      const { member, id } = await withdrawalOf(30_000);
      await approve(first.client, id);
      const rejected = await first.client.post(API.adminWithdrawalReject(id), { reason: "Wrong account" });
      expect(rejected.json().status).toBe("rejected");
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: 0n, wallet: fromCents(100_000) });
      expect((await approve(second.client, id)).statusCode).toBe(409);
    });

    it("moves the money once when two second approvers race", async () => {
      const { member, id } = await withdrawalOf(50_000);
      await approve(first.client, id);
      const raced = await Promise.all([approve(second.client, id), approve(third.client, id)]);
      expect(raced.map((r) => r.statusCode)).toEqual([200, 200]);
      expect(raced.map((r) => r.json().status)).toEqual(["approved", "approved"]);
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: 0n, wallet: fromCents(50_000) });
      const approvals = (await auditOf(member.uid)).filter((a) => a.action === "withdrawal.approve");
      expect(approvals).toHaveLength(1);
    });

    it("takes two different people even when two first approvals race", async () => {
      const { member, id } = await withdrawalOf(50_000);
      const raced = await Promise.all([approve(first.client, id), approve(first.client, id)]);
      expect(raced.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await balances(member.uid)).toMatchObject({ withdrawal_hold: fromCents(50_000) });
    });
  });

  describe("balance adjustments", () => {
    const adjust = (client: Client, uid: string, cents: number, key?: string) =>
      client.request({
        method: "POST",
        url: API.adminMemberAdjust(uid),
        json: { account: "wallet", amountMicrocents: apiCents(cents), reason: "Goodwill credit" },
        headers: key ? { "idempotency-key": key } : {},
      });

    it("posts a small one at once, and makes a large one a request that a second approver pays once", async () => {
      const { member } = await signUpVerified(t.app);
      expect((await adjust(first.client, member.uid, 50_000)).statusCode).toBe(200);
      const asked = await adjust(first.client, member.uid, 60_000, "adjust-four-eyes-1");
      expect(asked.statusCode).toBe(202);
      const request = asked.json().request;
      expect(asked.json()).toMatchObject({
        awaitingSecondApproval: true,
        request: {
          status: "awaiting_second_approval",
          amountMicrocents: apiCents(60_000),
          requestedBy: first.uid,
          transactionId: null,
        },
      });
      // The same key again is the same request; a different amount under it is refused.
      expect((await adjust(first.client, member.uid, 60_000, "adjust-four-eyes-1")).json().request.id).toBe(request.id);
      expectError(await adjust(first.client, member.uid, 61_000, "adjust-four-eyes-1"), 409, "IDEMPOTENCY_CONFLICT");
      expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(50_000) });
      const queue = (await second.client.get(API.adminAdjustments)).json().items;
      expect(queue.map((r: { id: string }) => r.id)).toContain(request.id);

      expectError(await first.client.post(API.adminAdjustmentApprove(request.id)), 409, "SECOND_APPROVER_REQUIRED");
      const approved = await second.client.post(API.adminAdjustmentApprove(request.id));
      expect(approved.json()).toMatchObject({ status: "approved", decidedBy: second.uid });
      expect(approved.json().transactionId).toBeTruthy();
      expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(110_000) });
      expect((await third.client.post(API.adminAdjustmentApprove(request.id))).json().status).toBe("approved");
      expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(110_000) });
      expect((await owner.get(`${API.adminAdjustments}?status=all`)).statusCode).toBe(200);
      const actions = (await auditOf(member.uid)).map((a) => [a.action, a.actorId]);
      expect(actions.slice(0, 2)).toEqual([
        ["member.balance_adjust", second.uid],
        ["member.balance_adjust_request", first.uid],
      ]);
    });

    it("counts a large debit too, and lets the requester take it back by rejecting", async () => {
      const { member } = await signUpVerified(t.app);
      await fundWallet(owner, member.uid, 40_000);
      await fundWallet(owner, member.uid, 40_000);
      const asked = await adjust(first.client, member.uid, -70_000);
      expect(asked.statusCode).toBe(202);
      const id = asked.json().request.id;
      const rejected = await first.client.post(API.adminAdjustmentReject(id), { reason: "Typed the wrong amount" });
      expect(rejected.json()).toMatchObject({ status: "rejected", rejectReason: "Typed the wrong amount" });
      expect((await second.client.post(API.adminAdjustmentApprove(id))).statusCode).toBe(409);
      expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(80_000) });
    });

    it("moves the money once when two approvers race", async () => {
      const { member } = await signUpVerified(t.app);
      const id = (await adjust(first.client, member.uid, 70_000)).json().request.id;
      const raced = await Promise.all([
        second.client.post(API.adminAdjustmentApprove(id)),
        third.client.post(API.adminAdjustmentApprove(id)),
        owner.post(API.adminAdjustmentApprove(id)),
      ]);
      expect(raced.map((r) => r.statusCode)).toEqual([200, 200, 200]);
      expect(new Set(raced.map((r) => r.json().transactionId)).size).toBe(1);
      expect(await balances(member.uid)).toMatchObject({ wallet: fromCents(70_000) });
    });

    it("names a bad request id, and keeps the queue to finance, owners and auditors", async () => {
      expectError(await second.client.post(API.adminAdjustmentApprove("nope")), 400, "VALIDATION_FAILED", "id");
      expect(
        (await second.client.post(API.adminAdjustmentApprove("00000000-0000-4000-8000-000000000000"))).statusCode,
      ).toBe(404);
      const { client: desk } = await staff(["trading_desk"]);
      expect((await desk.get(API.adminAdjustments)).statusCode).toBe(403);
      const { client: auditor } = await staff(["auditor"]);
      expect((await auditor.get(API.adminAdjustments)).statusCode).toBe(200);
    });
  });
});
