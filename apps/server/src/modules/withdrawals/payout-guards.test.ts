import { API, fromCents } from "@helio/shared";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  Client,
  changeSettings,
  createTestApp,
  databaseKinds,
  latestMail,
  signIn,
  signInAdmin,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  confirmationLinkOf,
  confirmFromMail,
  expectError,
  expectSoundLedger,
  fundWallet,
  readyMember,
} from "../../../test/money.ts";
import { getMemberBalances } from "../ledger/index.ts";
import { expireUnconfirmedWithdrawals, withdrawalDeps } from "./index.ts";

const HOUR = 3_600_000;

describe.each(databaseKinds)("what guards a withdrawal on %s", (kind) => {
  let t: TestApp;
  let admin: Client;
  /** The server's clock for the wait after a bank change and the confirmation links. */
  let clock = Date.now();
  const tick = (ms: number) => {
    clock += ms;
  };
  beforeAll(async () => {
    t = await createTestApp(kind, {
      env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" },
      deps: { now: () => new Date(clock) },
    });
    admin = await signInAdmin(t.app);
  }, 180_000);
  afterEach(async () => expectSoundLedger(t.database));
  afterAll(async () => t?.close());

  const withdraw = (client: Client, cents: number) =>
    client.request({ method: "POST", url: API.withdrawals, json: { amountMicrocents: apiCents(cents) } });
  const balances = (uid: string) => getMemberBalances(t.database.db, uid);
  const deps = () => withdrawalDeps(t.app.services, t.app.log);
  const funded = async (cents = 100_000, overrides: Record<string, string> = {}) => {
    const account = await readyMember(t.app, admin, overrides);
    await fundWallet(admin, account.member.uid, cents);
    return account;
  };
  const changeBank = (account: { client: Client; input: { password: string } }, accountHolder = "Ada Lovelace") =>
    account.client.put(API.bank, {
      bankName: "Other Bank",
      accountHolder,
      accountNumber: "DE89370400440532013000",
      password: account.input.password,
    });

  describe("after a change of bank data", () => {
    it("refuses withdrawals for the hold, shows its end, and accepts them after it", async () => {
      const account = await funded();
      // The first bank account is no change: the member withdraws at once.
      expect((await withdraw(account.client, 1_000)).statusCode).toBe(201);
      const changed = await changeBank(account);
      expect(changed.statusCode, changed.body).toBe(200);
      const holdUntil = new Date(clock + 24 * HOUR).toISOString();
      expect(changed.json().bank).toMatchObject({ bankName: "Other Bank", holdUntil, nameMatchesKyc: true });
      expect((await account.client.get(API.withdrawalRequirements)).json()).toMatchObject({ holdUntil });

      const held = await withdraw(account.client, 2_000);
      expectError(held, 409, "WITHDRAWAL_HOLD");
      expect(held.json().error.message).toContain(`${holdUntil.slice(0, 16).replace("T", " ")} UTC`);
      tick(24 * HOUR - 1_000);
      expectError(await withdraw(account.client, 2_000), 409, "WITHDRAWAL_HOLD");
      tick(1_000);
      expect((await withdraw(account.client, 2_000)).statusCode).toBe(201);
      expect((await account.client.get(API.withdrawalRequirements)).json()).toMatchObject({ holdUntil: null });
      expect(await balances(account.member.uid)).toMatchObject({
        wallet: fromCents(97_000),
        withdrawal_hold: fromCents(3_000),
      });
    });

    it("tells the member at once, in the app and by mail, with a link that freezes the account", async () => {
      const account = await funded();
      const before = await signIn(t.app, account.input.email, account.input.password);
      // Asked for before the change (to the first account): one in the queue, one waiting for its link.
      await withdraw(account.client, 1_000);
      const queued = await confirmFromMail(t.app, account.input.email);
      await withdraw(account.client, 1_000);
      const waiting = await confirmationLinkOf(t.app, account.input.email);
      expect((await changeBank(account)).statusCode).toBe(200);
      await t.app.services.notifications.idle();
      const [notice] = (await account.client.get(API.notifications)).json().items;
      expect(notice).toMatchObject({ kind: "bank.changed", title: "Your bank account was changed" });
      expect(notice.body).toContain("Other Bank ****3000");
      expect(notice.body).toContain("withdrawals are paused until");
      const mail = await latestMail(t.app, account.input.email);
      expect(mail.subject).toBe("Your bank account was changed");
      const token = mail.text.match(/\/freeze-account\/([A-Za-z0-9_-]+)/)?.[1] as string;
      expect(notice.link).toBe(`/freeze-account/${token}`);

      // "It was not me": no sign-in needed; every session ends and no money leaves.
      const frozen = await new Client(t.app).post(API.accountFreeze, { token });
      expect(frozen.statusCode, frozen.body).toBe(200);
      expect((await account.client.get(API.me)).statusCode).toBe(401);
      expect((await before.client.get(API.me)).statusCode).toBe(401);
      expect((await new Client(t.app).post(API.accountFreeze, { token })).statusCode).toBe(200);
      expectError(await new Client(t.app).post(API.accountFreeze, { token: "x".repeat(43) }), 400, "INVALID_TOKEN");

      // Nothing already asked for leaves either: no confirmation, no payout (cancelling stays open).
      expectError(await new Client(t.app).post(API.withdrawalConfirm, waiting), 409, "ACCOUNT_FROZEN");
      const pay = () => admin.post(API.adminWithdrawalApprove(queued.id), { payoutReference: "PAY-FROZEN" });
      expectError(await pay(), 409, "ACCOUNT_FROZEN");

      const again = await signIn(t.app, account.input.email, account.input.password);
      tick(25 * HOUR);
      expect((await again.client.get(API.withdrawalRequirements)).json()).toMatchObject({ frozen: true });
      expectError(await withdraw(again.client, 1_000), 409, "ACCOUNT_FROZEN");

      // Support lifts it (audited); money may leave again.
      const uid = account.member.uid;
      expect((await admin.get(API.adminMemberFreeze(uid))).json()).toMatchObject({
        frozen: true,
        cause: "bank.changed",
      });
      const lifted = await admin.request({ method: "DELETE", url: API.adminMemberFreeze(uid) });
      expect(lifted.json()).toEqual({ frozen: false, since: null, cause: null });
      expectError(await admin.request({ method: "DELETE", url: API.adminMemberFreeze(uid) }), 409, "CONFLICT");
      expect((await withdraw(again.client, 1_000)).statusCode).toBe(201);
      expect((await pay()).json()).toMatchObject({ status: "approved" });
      const audit = (await admin.get(`${API.adminAudit}?targetUserId=${uid}`)).json().items as { action: string }[];
      expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(["member.freeze", "member.unfreeze"]));
    });

    it("waits as long as the setting says, or not at all at 0", async () => {
      const previous = await changeSettings(admin, { withdrawalHoldHoursAfterBankChange: 0 });
      try {
        const account = await funded();
        expect((await changeBank(account)).json().bank.holdUntil).toBeNull();
        expect((await withdraw(account.client, 1_000)).statusCode).toBe(201);
      } finally {
        await changeSettings(admin, previous);
      }
    });
  });

  describe("the confirmation by mail", () => {
    it("keeps a withdrawal out of the queue until its link is used, once", async () => {
      const account = await funded();
      const w = (await withdraw(account.client, 5_000)).json();
      expect(w).toMatchObject({ status: "unconfirmed", confirmExpiresAt: new Date(clock + 30 * 60_000).toISOString() });
      const queue = async () =>
        ((await admin.get(`${API.adminWithdrawals}?uid=${account.member.uid}`)).json().items as { id: string }[]).map(
          (i) => i.id,
        );
      expect(await queue()).toEqual([]);
      expectError(await admin.post(API.adminWithdrawalApprove(w.id), { payoutReference: "PAY-1" }), 409, "CONFLICT");
      const mail = await latestMail(t.app, account.input.email);
      expect(mail.subject).toBe("Confirm your withdrawal of 50.00 USD");
      expect(mail.text).toContain("Bank of Tests ****6819");

      const link = await confirmationLinkOf(t.app, account.input.email);
      const confirmed = await new Client(t.app).post(API.withdrawalConfirm, link);
      expect(confirmed.json()).toMatchObject({ id: w.id, status: "pending", confirmExpiresAt: null });
      expect(await queue()).toEqual([w.id]);
      expectError(await new Client(t.app).post(API.withdrawalConfirm, link), 400, "INVALID_TOKEN");
    });

    it("binds a link to its withdrawal", async () => {
      const account = await funded();
      const first = (await withdraw(account.client, 1_000)).json();
      const firstLink = await confirmationLinkOf(t.app, account.input.email);
      const second = (await withdraw(account.client, 2_000)).json();
      const secondLink = await confirmationLinkOf(t.app, account.input.email);
      expect(secondLink.id).toBe(second.id);
      const swapped = await new Client(t.app).post(API.withdrawalConfirm, { id: first.id, token: secondLink.token });
      expectError(swapped, 400, "INVALID_TOKEN");
      const other = await funded();
      const theirs = (await withdraw(other.client, 1_000)).json();
      expectError(
        await new Client(t.app).post(API.withdrawalConfirm, { id: theirs.id, token: firstLink.token }),
        400,
        "INVALID_TOKEN",
      );
      expect((await account.client.get(API.withdrawal(first.id))).json().status).toBe("unconfirmed");
      expect((await new Client(t.app).post(API.withdrawalConfirm, firstLink)).json().status).toBe("pending");
      expectError(
        await new Client(t.app).post(API.withdrawalConfirm, { id: first.id, token: "short" }),
        400,
        "VALIDATION_FAILED",
      );
    });

    it("expires an unconfirmed withdrawal after 30 minutes and returns its hold once", async () => {
      const account = await funded(10_000);
      const uid = account.member.uid;
      const w = (await withdraw(account.client, 4_000)).json();
      const link = await confirmationLinkOf(t.app, account.input.email);
      tick(30 * 60_000 - 1_000);
      await expireUnconfirmedWithdrawals(deps(), new Date(clock));
      expect((await account.client.get(API.withdrawal(w.id))).json()).toMatchObject({ status: "unconfirmed" });
      tick(1_000);
      expect(await expireUnconfirmedWithdrawals(deps(), new Date(clock))).toBeGreaterThanOrEqual(1);
      expect(await expireUnconfirmedWithdrawals(deps(), new Date(clock))).toBe(0);
      expect((await account.client.get(API.withdrawal(w.id))).json()).toMatchObject({ status: "expired" });
      expect(await balances(uid)).toMatchObject({ wallet: fromCents(10_000), withdrawal_hold: 0n });
      expectError(await new Client(t.app).post(API.withdrawalConfirm, link), 400, "INVALID_TOKEN");
      expect(await balances(uid)).toMatchObject({ wallet: fromCents(10_000), withdrawal_hold: 0n });
    });

    it("expires a late link on use, before the worker came", async () => {
      const account = await funded(10_000);
      (await withdraw(account.client, 4_000)).json();
      const link = await confirmationLinkOf(t.app, account.input.email);
      tick(31 * 60_000);
      expectError(await new Client(t.app).post(API.withdrawalConfirm, link), 409, "CONFLICT");
      expect((await account.client.get(API.withdrawal(link.id))).json().status).toBe("expired");
      await expireUnconfirmedWithdrawals(deps(), new Date(clock));
      expect(await balances(account.member.uid)).toMatchObject({ wallet: fromCents(10_000), withdrawal_hold: 0n });
    });

    it("lets the member cancel before confirming", async () => {
      const account = await funded(10_000);
      const w = (await withdraw(account.client, 4_000)).json();
      const link = await confirmationLinkOf(t.app, account.input.email);
      expect((await account.client.post(API.withdrawalCancel(w.id), {})).json().status).toBe("cancelled");
      expectError(await new Client(t.app).post(API.withdrawalConfirm, link), 400, "INVALID_TOKEN");
      expect(await balances(account.member.uid)).toMatchObject({ wallet: fromCents(10_000), withdrawal_hold: 0n });
    });

    // PostgreSQL runs them truly at once; PGlite's one connection still interleaves the statements.
    const crowd = kind === "postgres" ? 30 : 8;
    it(`settles ${crowd} confirmations racing the expiry one way each, the hold released at most once`, async () => {
      const account = await funded(crowd * 1_000);
      const uid = account.member.uid;
      const links: { id: string; token: string }[] = [];
      for (let i = 0; i < crowd; i++) {
        expect((await withdraw(account.client, 1_000)).statusCode).toBe(201);
        links.push(await confirmationLinkOf(t.app, account.input.email));
      }
      // The links are still valid by the server's clock; the worker runs as if they were past.
      const late = new Date(clock + 31 * 60_000);
      const [expired, ...answers] = await Promise.all([
        expireUnconfirmedWithdrawals(deps(), late, 3),
        ...links.map((link) => new Client(t.app).post(API.withdrawalConfirm, link)),
      ]);
      const statuses = await Promise.all(
        links.map(async (l) => (await account.client.get(API.withdrawal(l.id))).json().status as string),
      );
      const pending = statuses.filter((s) => s === "pending").length;
      expect(pending + statuses.filter((s) => s === "expired").length).toBe(crowd);
      expect(expired).toBeGreaterThanOrEqual(crowd - pending);
      expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(pending);
      for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.json().error.code).toBe("INVALID_TOKEN");
      expect(await balances(uid)).toMatchObject({
        wallet: fromCents((crowd - pending) * 1_000),
        withdrawal_hold: fromCents(pending * 1_000),
      });
    });
  });

  describe("names that match", () => {
    it("flags every withdrawal to a holder unlike the verified name, and shows the operator why", async () => {
      const account = await funded();
      clock += 1; // a change at a time of its own
      const changed = await changeBank(account, "Someone Else Entirely");
      expect(changed.json().bank).toMatchObject({ accountHolder: "Someone Else Entirely", nameMatchesKyc: false });
      const changedAt = new Date(clock).toISOString();
      tick(24 * HOUR);
      (await withdraw(account.client, 2_000)).json();
      const w = await confirmFromMail(t.app, account.input.email);
      const card = (await admin.get(API.adminWithdrawal(w.id))).json();
      expect(card.checks).toEqual({ kycName: "Ada Lovelace", nameMismatch: true, bankChangedAt: changedAt });
      expect(card.destination.accountHolder).toBe("Someone Else Entirely");
      expect(JSON.stringify((await account.client.get(API.withdrawal(w.id))).json())).not.toContain("nameMismatch");

      const matching = await funded(100_000, {});
      const ok = (await withdraw(matching.client, 2_000)).json();
      await confirmFromMail(t.app, matching.input.email);
      expect((await admin.get(API.adminWithdrawal(ok.id))).json().checks).toEqual({
        kycName: "Ada Lovelace",
        nameMismatch: false,
        bankChangedAt: null,
      });
    });
  });
});
