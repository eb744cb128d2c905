import { randomUUID } from "node:crypto";
import {
  API,
  fromCents,
  type Notification,
  type NotificationsResponse,
  OPTIONAL_EMAIL_KINDS,
  priceToUnits,
} from "@helio/shared";
import { sql } from "drizzle-orm";
import { authenticator } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  ADMIN,
  Client,
  createTestApp,
  databaseKinds,
  latestMail,
  messagesOfType,
  openTestDatabase,
  queryRows,
  settle,
  signIn,
  signInAdmin,
  signUpVerified,
  socketsClosedAfterEachTest,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  confirmFromMail,
  expectError,
  expectSoundLedger,
  fundWallet,
  kycForm,
  multipartForm,
  png,
  postForm,
  readyMember,
} from "../../../test/money.ts";
import type { Database } from "../../db/client.ts";
import { createOutboxMailer, type Mailer, type MailMessage } from "../../platform/mail/mailer.ts";
import { accrueDue } from "../investments/accrual.ts";
import { settleDue } from "../trading/service.ts";
import { deviceKey, deviceOf } from "./devices.ts";
import { money, type NotificationEvent, type Reader } from "./messages.ts";
import { createNotifications } from "./service.ts";

const connect = socketsClosedAfterEachTest();

const CHROME_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0.0.0 Safari/537.36";
const CHROME_WINDOWS_UPDATED = CHROME_WINDOWS.replace("Chrome/130.0.0.0", "Chrome/131.0.6778.86");
const FIREFOX_WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0";
const SAFARI_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const EDGE_MAC =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0";

describe("deviceOf", () => {
  it("reads the browser family and the system, never the version", () => {
    expect(deviceOf(CHROME_WINDOWS)).toEqual({ browser: "Chrome", os: "Windows" });
    expect(deviceKey(deviceOf(CHROME_WINDOWS_UPDATED))).toBe(deviceKey(deviceOf(CHROME_WINDOWS)));
    expect(deviceOf(FIREFOX_WINDOWS)).toEqual({ browser: "Firefox", os: "Windows" });
    expect(deviceOf(SAFARI_IPHONE)).toEqual({ browser: "Safari", os: "iOS" });
    expect(deviceOf(EDGE_MAC)).toEqual({ browser: "Edge", os: "macOS" });
    expect(deviceOf("Laptop/1.0")).toEqual({ browser: "Laptop", os: "an unknown system" });
    expect(deviceOf(null)).toEqual({ browser: "an unknown browser", os: "an unknown system" });
  });
});

describe("money", () => {
  it("writes an amount in the reader's currency as it was typed, with the USD beside it", () => {
    const siti: Reader = { name: "Siti", currency: "IDR", rate: 16_250, locale: "id" };
    // 100,000 IDR typed at 16,250 IDR a dollar is held as 6.15384615 USD.
    expect(money(siti, 615_384_615n)).toBe("100.000,00 IDR (6,15 USD)");
    expect(money({ ...siti, locale: "en" }, 615_384_615n)).toBe("100,000.00 IDR (6.15 USD)");
    // Amounts past 2⁵³ microcents (about 90 million USD) are exact too.
    expect(money({ ...siti, locale: "en" }, fromCents(100_000_000_000))).toBe(
      "16,250,000,000,000.00 IDR (1,000,000,000.00 USD)",
    );
    // Without a rate for the reader's currency, in USD only.
    expect(money({ ...siti, rate: null, locale: "en" }, fromCents(1_234))).toBe("12.34 USD");
  });
});

/** The outbox, with a switch to make the next sends throw and a delay; counts what it delivered. */
function testMailer(inner: Mailer) {
  let failures = 0;
  let delayMs = 0;
  const sent: MailMessage[] = [];
  return {
    kind: inner.kind,
    sent,
    failNext(n: number) {
      failures = n;
    },
    delay(ms: number) {
      delayMs = ms;
    },
    reset() {
      failures = 0;
      delayMs = 0;
    },
    async send(message: MailMessage) {
      if (delayMs) await new Promise((resolve) => setTimeout(resolve, delayMs));
      if (failures > 0) {
        failures -= 1;
        throw new Error("SMTP is down");
      }
      await inner.send(message);
      sent.push(message);
    },
  } satisfies Mailer & Record<string, unknown>;
}

describe.each(databaseKinds)("notifications on %s", (kind) => {
  let database: Database;
  let t: TestApp;
  let admin: Client;
  let mailer: ReturnType<typeof testMailer>;
  beforeAll(async () => {
    database = await openTestDatabase(kind);
    mailer = testMailer(createOutboxMailer(database.db));
    t = await createTestApp(kind, {
      database,
      env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" },
      deps: { mailer },
    });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    mailer.reset();
    await expectSoundLedger(database);
  });
  afterAll(async () => {
    await t?.close();
    await database?.close();
  });

  const notifications = () => t.app.services.notifications;
  const list = async (client: Client, query = "pageSize=100") => {
    const res = await client.get(`${API.notifications}?${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as NotificationsResponse;
  };
  const kindsOf = async (client: Client) => (await list(client)).items.map((n) => n.kind);
  const only = async (client: Client, kind: string) => {
    const found = (await list(client)).items.filter((n) => n.kind === kind);
    expect(found, kind).toHaveLength(1);
    return found[0] as Notification;
  };
  /** The mails delivered for a notification (its Message-ID is made from its id). */
  const mailsOf = (id: string) => mailer.sent.filter((m) => m.messageId === `<notification.${id}@localhost>`);
  const emailRow = async (id: string) =>
    (
      await queryRows<{ status: string; attempts: number; last_error: string | null; sent_at: unknown }>(
        database,
        sql`select status, attempts, last_error, sent_at from notification_emails where notification_id = ${id}`,
      )
    )[0];
  const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

  const deposit = async (client: Client, cents: number) => {
    const res = await client.post(API.deposits, { amountMicrocents: apiCents(cents) });
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().id as string;
    const proof = multipartForm({}, [
      { field: "file", filename: "r.png", contentType: "image/png", data: await png() },
    ]);
    expect((await postForm(client, API.depositProof(id), proof)).statusCode).toBe(200);
    return res.json() as { id: string; reference: string };
  };
  /** A withdrawal the member confirmed from its mail: in the operators' queue. */
  const withdraw = async (account: { client: Client; input: { email: string } }, cents: number) => {
    const res = await account.client.post(API.withdrawals, { amountMicrocents: apiCents(cents) });
    expect(res.statusCode, res.body).toBe(201);
    return confirmFromMail(t.app, account.input.email);
  };

  it("records one notification per decision on deposits, withdrawals and KYC, and none for a replay", async () => {
    const ada = await readyMember(t.app, admin, { firstName: "Ada", currency: "IDR" });
    const uid = ada.member.uid;
    await fundWallet(admin, uid, 50_000);

    const approved = await deposit(ada.client, 10_000);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminDepositApprove(approved.id), {})).statusCode).toBe(200);
    const rejected = await deposit(ada.client, 20_000);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminDepositReject(rejected.id), { reason: "No such transfer" })).statusCode).toBe(
        200,
      );
    const paid = await withdraw(ada, 5_000);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminWithdrawalApprove(paid.id), { payoutReference: "SEPA-1" })).statusCode).toBe(
        200,
      );
    const refused = await withdraw(ada, 2_000);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminWithdrawalReject(refused.id), { reason: "Bank closed" })).statusCode).toBe(200);

    expect(await kindsOf(ada.client)).toEqual([
      "withdrawal.rejected",
      "withdrawal.paid",
      "deposit.rejected",
      "deposit.approved",
      "kyc.approved",
    ]);
    // Written for Ada: her name, amounts in her currency (IDR at the settings rate) beside the USD.
    expect(await only(ada.client, "deposit.approved")).toMatchObject({
      title: "Deposit approved",
      body: `Ada, your deposit ${approved.reference} of 1,625,000.00 IDR (100.00 USD) is approved and credited to your wallet.`,
      link: `/invoice-balance/${approved.id}`,
      readAt: null,
    });
    expect((await only(ada.client, "deposit.rejected")).body).toContain('rejected: "No such transfer"');
    expect(await only(ada.client, "withdrawal.paid")).toMatchObject({
      link: `/invoice-wd/${paid.id}`,
      body: expect.stringContaining("812,500.00 IDR (50.00 USD)"),
    });
    expect((await only(ada.client, "withdrawal.paid")).body).toContain("SEPA-1");
    expect((await only(ada.client, "withdrawal.rejected")).link).toBe(`/invoice-wd/${refused.id}`);
    expect(await only(ada.client, "kyc.approved")).toMatchObject({ title: "Identity verified", link: "/kyc-user" });

    // Each of these kinds is mailed (on by default), exactly once, with a full link.
    await notifications().idle();
    for (const n of (await list(ada.client)).items) {
      const mails = mailsOf(n.id);
      expect(mails, n.kind).toHaveLength(1);
      expect(mails[0]).toMatchObject({ to: ada.input.email, subject: n.title });
      expect(mails[0]?.text).toContain(n.body);
      expect(mails[0]?.text).toContain(`http://localhost:3000${n.link}`);
      expect((await emailRow(n.id))?.status).toBe("sent");
    }
    const outbox = await t.app.inject({ url: `${API.outbox}?to=${ada.input.email}`, remoteAddress: "127.0.0.1" });
    expect(outbox.json().items[0].messageId).toMatch(/^<notification\.[0-9a-f-]{36}@localhost>$/);

    // A rejected KYC, resubmitted and approved: one notification for each decision.
    const bob = await signUpVerified(t.app, { firstName: "Bob" });
    expect((await postForm(bob.client, API.kyc, await kycForm())).statusCode).toBe(201);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminKycReject(bob.member.uid), { reason: "Blurry photo" })).statusCode).toBe(200);
    expect((await postForm(bob.client, API.kyc, await kycForm())).statusCode).toBe(201);
    for (let i = 0; i < 2; i++)
      expect((await admin.post(API.adminKycApprove(bob.member.uid), {})).statusCode).toBe(200);
    expect(await kindsOf(bob.client)).toEqual(["kyc.approved", "kyc.rejected"]);
    expect((await only(bob.client, "kyc.rejected")).body).toBe(
      'Bob, your identity documents were not accepted: "Blurry photo". You can submit them again.',
    );
  });

  it("tells of a settled trade and an investment's profit and maturity in the app only, once each", async () => {
    const { client, member } = await signUpVerified(t.app, { firstName: "Cleo" });
    // A practice trade (Free member), settled by two passes of the worker.
    await t.app.services.market.record([{ symbol: "ETH", price: priceToUnits("3000") as number, at: new Date() }]);
    const placed = await client.post(API.trades, {
      symbol: "ETH",
      direction: "up",
      amountMicrocents: apiCents(1_000),
      durationSeconds: 30,
    });
    expect(placed.statusCode, placed.body).toBe(201);
    const contract = placed.json() as { id: string; expiresAt: string };
    const expiry = new Date(contract.expiresAt).getTime();
    await t.app.services.market.record([
      { symbol: "ETH", price: priceToUnits("3000") as number, at: new Date(expiry - 1000) },
    ]);
    const after = new Date(expiry + 60_000);
    await settleDue(t.app.services, { now: after });
    await settleDue(t.app.services, { now: after });
    expect(await only(client, "trade.settled")).toMatchObject({
      title: "Trade settled: ETH/USDT",
      body: "Your practice ETH/USDT up trade of 10.00 USD closed level: the stake of 10.00 USD is returned.",
      link: "/history-trade",
    });

    // The starter package: profit per period, then maturity with the capital back.
    await fundWallet(admin, member.uid, 10_000);
    const bought = await client.post(API.investments, { slug: "starter", amountMicrocents: apiCents(10_000) });
    expect(bought.statusCode, bought.body).toBe(201);
    const inv = bought.json().investment as { id: string; reference: string; startedAt: string; periodSeconds: number };
    const at = (periods: number) => new Date(Date.parse(inv.startedAt) + periods * inv.periodSeconds * 1000);
    await accrueDue(t.app.services, { now: at(1) });
    await accrueDue(t.app.services, { now: at(1) });
    await accrueDue(t.app.services, { now: at(40) });
    await accrueDue(t.app.services, { now: at(41) });
    const items = (await list(client)).items;
    expect(items.map((n) => n.kind)).toEqual([
      "investment.matured",
      "investment.profit",
      "investment.profit",
      "trade.settled",
    ]);
    expect(items[0]).toMatchObject({
      body: `Cleo, your investment ${inv.reference} has matured with 15.00 USD of profit in total; its capital of 100.00 USD is back in your wallet.`,
      link: `/invoice/${inv.id}`,
    });
    expect(items[1]?.body).toBe(`Your investment ${inv.reference} paid 14.50 USD of profit for periods 2–30 of 30.`);
    expect(items[2]?.body).toBe(`Your investment ${inv.reference} paid 0.50 USD of profit for period 1 of 30.`);
    // In-app only: no mail is even queued.
    const queued = await queryRows<{ n: number }>(
      database,
      sql`select count(*)::int as n from notification_emails e join notifications n on n.id = e.notification_id
          where n.user_id = ${member.uid}`,
    );
    expect(queued[0]?.n).toBe(0);
  });

  it("tells of security changes and sign-ins from a new device, always by mail", async () => {
    const { client, input, member } = await signUpVerified(t.app, { firstName: "Grace" });
    // The sign-in of the verification link is the first: not a new device.
    expect(await kindsOf(client)).toEqual([]);
    const from = async (userAgent: string, password = input.password) => {
      const { res } = await signIn(t.app, input.email, password, new Client(t.app, undefined, { userAgent }));
      expect(res.statusCode, res.body).toBe(200);
    };
    await from(CHROME_WINDOWS);
    await from(CHROME_WINDOWS_UPDATED); // the same browser, updated: not new
    await from(FIREFOX_WINDOWS);
    await from(FIREFOX_WINDOWS);
    expect(await kindsOf(client)).toEqual(["sign_in.new_device", "sign_in.new_device"]);
    const [firefox, chrome] = (await list(client)).items;
    expect(chrome?.body).toMatch(
      /^Grace, your account was signed in from Chrome on Windows \(address [\d.:a-f]+\) on /,
    );
    expect(firefox?.body).toContain("Firefox on Windows");
    expect(firefox?.link).toBe("/security");
    // Support opening the account is not the member signing in.
    const link = await admin.post(API.adminMemberImpersonate(member.uid), {});
    expect(link.statusCode, link.body).toBe(200);
    const support = new Client(t.app, undefined, { userAgent: SAFARI_IPHONE });
    expect((await signIn(t.app, ADMIN.email, ADMIN.password, support)).res.statusCode).toBe(200);
    const exchange = await support.post(API.impersonationExchange, {
      username: input.username,
      token: (link.json().url as string).split("/").pop(),
    });
    expect(exchange.statusCode, exchange.body).toBe(200);
    expect((await support.get(API.me)).json()).toMatchObject({ uid: member.uid, impersonatedBy: expect.any(String) });
    expect(await kindsOf(client)).toHaveLength(2);

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "a-new-password-1",
    });
    expect(changed.statusCode, changed.body).toBe(200);
    const enable = await client.post("/api/auth/two-factor/enable", { password: "a-new-password-1" });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    const verify = await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
    expect(verify.statusCode).toBe(200);
    // A sign-in's second step is not turning two-factor on again.
    const second = await signIn(t.app, input.email, "a-new-password-1");
    expect(
      (await second.client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) }))
        .statusCode,
    ).toBe(200);
    expect((await client.post("/api/auth/two-factor/disable", { password: "a-new-password-1" })).statusCode).toBe(200);

    expect(await kindsOf(client)).toEqual([
      "two_factor.disabled",
      "two_factor.enabled",
      "password.changed",
      "sign_in.new_device",
      "sign_in.new_device",
    ]);
    expect((await only(client, "password.changed")).body).toMatch(
      /^Grace, the password of your Helio account was changed on \d{1,2} \w{3} \d{4}, \d\d:\d\d UTC\./,
    );
    await notifications().idle();
    for (const n of (await list(client)).items) {
      expect(mailsOf(n.id), n.kind).toHaveLength(1);
      expect(mailsOf(n.id)[0]?.text).toContain("This security e-mail is always sent.");
    }
  });

  it("records a password reset as a password change", async () => {
    const { client, input } = await signUpVerified(t.app);
    expect((await client.post("/api/auth/request-password-reset", { email: input.email })).statusCode).toBe(200);
    const link = (await latestMail(t.app, input.email)).text.match(/https?:\/\/\S+/)?.[0] as string;
    const token = new URL(link).pathname.split("/").pop() as string;
    const reset = await new Client(t.app).post("/api/auth/reset-password", { token, newPassword: "reset-password-22" });
    expect(reset.statusCode, reset.body).toBe(200);
    const { client: again } = await signIn(t.app, input.email, "reset-password-22");
    expect((await only(again, "password.changed")).title).toBe("Your password was reset");
  });

  it("lists newest first, pages, filters the unread, and marks read only the member's own", async () => {
    const ada = await signUpVerified(t.app);
    const bob = await signUpVerified(t.app);
    const made: string[] = [];
    for (let i = 0; i < 7; i++) {
      const recorded = await database.db.transaction((tx) =>
        notifications().notify(tx, {
          kind: "trade.settled",
          userId: ada.member.uid,
          contractId: randomUUID(),
          symbol: "BTC",
          direction: "down",
          account: "wallet",
          amountMicrocents: fromCents(1000 + i),
          result: "loss",
          payoutMicrocents: 0n,
        }),
      );
      made.unshift(recorded?.notification.id as string);
    }
    const first = await list(ada.client, "pageSize=3");
    expect(first).toMatchObject({ total: 7, page: 1, pageSize: 3, unreadCount: 7 });
    const pages = [first, await list(ada.client, "page=2&pageSize=3"), await list(ada.client, "page=3&pageSize=3")];
    expect(pages.map((p) => p.items.length)).toEqual([3, 3, 1]);
    expect(pages.flatMap((p) => p.items.map((n) => n.id))).toEqual(made);

    const read = made.slice(1, 3);
    const marked = await ada.client.post(API.notificationsRead, { ids: read });
    expect(marked.json()).toEqual({ unreadCount: 5 });
    const unread = await list(ada.client, "unread=true");
    expect(unread).toMatchObject({ total: 5, unreadCount: 5 });
    expect(unread.items.map((n) => n.id)).toEqual(made.filter((id) => !read.includes(id)));
    const all = await list(ada.client);
    expect(all.items.filter((n) => n.readAt !== null).map((n) => n.id)).toEqual(read);
    expect(all).toMatchObject({ total: 7, unreadCount: 5 });

    // Bob sees none of Ada's, and naming hers changes nothing.
    expect(await list(bob.client)).toMatchObject({ items: [], total: 0, unreadCount: 0 });
    expect((await bob.client.post(API.notificationsRead, { ids: made })).json()).toEqual({ unreadCount: 0 });
    expect((await bob.client.post(API.notificationsRead, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect((await list(ada.client)).unreadCount).toBe(5);

    expect((await ada.client.post(API.notificationsRead, { all: true })).json()).toEqual({ unreadCount: 0 });
    expect(await list(ada.client, "unread=true")).toMatchObject({ items: [], total: 0, unreadCount: 0 });

    const stranger = new Client(t.app);
    expectError(await stranger.get(API.notifications), 401, "UNAUTHENTICATED");
    expectError(await stranger.post(API.notificationsRead, { all: true }), 401, "UNAUTHENTICATED");
    expectError(await stranger.get(API.notificationPreferences), 401, "UNAUTHENTICATED");
    // Another site cannot mark them read with the member's cookie.
    const foreign = new Client(t.app, "https://evil.example");
    for (const [k, v] of ada.client.cookies) foreign.cookies.set(k, v);
    expect((await foreign.post(API.notificationsRead, { all: true })).statusCode).toBe(403);
  });

  it("answers bad input with 400 naming the field", async () => {
    const { client } = await signUpVerified(t.app);
    for (const [query, field] of [
      ["page=0", "page"],
      ["pageSize=500", "pageSize"],
      ["unread=yes", "unread"],
    ]) {
      expectError(await client.get(`${API.notifications}?${query}`), 400, "VALIDATION_FAILED", field);
    }
    for (const [body, field] of [
      [{}, "ids"],
      [{ ids: [] }, "ids"],
      [{ ids: ["a"], all: true }, "ids"],
      [{ all: false }, "all"],
      [{ ids: [""] }, "ids.0"],
      [{ ids: "abc" }, "ids"],
    ] as const) {
      expectError(await client.post(API.notificationsRead, body), 400, "VALIDATION_FAILED", field);
    }
    for (const [body, field] of [
      [{}, "email"],
      [{ email: { "deposit.approved": "no" } }, "email.deposit.approved"],
      [{ email: { "password.changed": false } }, "email"],
    ] as const) {
      expectError(await client.put(API.notificationPreferences, body), 400, "VALIDATION_FAILED", field);
    }
  });

  it("mails once when the first attempt throws: retried after the back-off, never again", async () => {
    const { client, input } = await signUpVerified(t.app);
    mailer.failNext(1);
    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "another-password-1",
    });
    expect(changed.statusCode).toBe(200);
    await notifications().idle();
    const n = await only(client, "password.changed");
    expect(mailsOf(n.id)).toHaveLength(0);
    expect(await emailRow(n.id)).toMatchObject({ status: "pending", attempts: 1, last_error: "SMTP is down" });

    expect(await notifications().sendDueMail({ now: later(0.5) })).toBe(0); // not due yet
    expect(await notifications().sendDueMail({ now: later(2) })).toBe(1);
    expect(await notifications().sendDueMail({ now: later(60) })).toBe(0);
    expect(mailsOf(n.id)).toHaveLength(1);
    expect(await emailRow(n.id)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
  });

  it("mails each notification once when two delivery loops race", async () => {
    const { member } = await signUpVerified(t.app);
    const events: NotificationEvent[] = Array.from({ length: 12 }, (_, i) => ({
      kind: "deposit.approved",
      userId: member.uid,
      depositId: randomUUID(),
      reference: `HD-RACE${i}`,
      amountMicrocents: fromCents(100 * (i + 1)),
    }));
    // Recorded, not delivered: all twelve wait for a worker.
    const recorded = await database.db.transaction((tx) => notifications().notifyMany(tx, events));
    expect(recorded).toHaveLength(12);
    // Each carries its member's unread count as of itself; a replay of the batch records nothing.
    expect(recorded.map((r) => r.unreadCount)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(await database.db.transaction((tx) => notifications().notifyMany(tx, events))).toEqual([]);
    expect(
      await queryRows(database, sql`select unread from notification_unread where user_id = ${member.uid}`),
    ).toEqual([{ unread: 12 }]);
    // A second process: its own service over the same database.
    const { db, realtime, settings } = t.app.services;
    const other = createNotifications({
      db,
      realtime,
      mailer,
      settings,
      publicUrl: t.config.publicUrl,
      log: { error: () => {}, warn: () => {} },
    });
    mailer.delay(15);
    const now = later(1);
    for (let pass = 0; pass < 10; pass++) {
      const claimed = await Promise.all([
        notifications().sendDueMail({ now, limit: 5 }),
        other.sendDueMail({ now, limit: 5 }),
        notifications().sendDueMail({ now, limit: 5 }),
        other.sendDueMail({ now, limit: 5 }),
      ]);
      if (claimed.every((n) => n === 0)) break;
    }
    for (const r of recorded) {
      expect(mailsOf(r.notification.id)).toHaveLength(1);
      expect(await emailRow(r.notification.id)).toMatchObject({ status: "sent", attempts: 1 });
    }
    await other.close();
  });

  it("keeps the optional mail off when the member says so, at send time, but never the security mail", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const defaults = (await client.get(API.notificationPreferences)).json();
    expect(defaults).toEqual({ email: Object.fromEntries(OPTIONAL_EMAIL_KINDS.map((k) => [k, true])) });
    const put = await client.put(API.notificationPreferences, { email: { "deposit.approved": false } });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().email).toMatchObject({ "deposit.approved": false, "deposit.rejected": true });
    expect((await client.get(API.notificationPreferences)).json()).toEqual(put.json());

    const off = await deposit(client, 5_000);
    expect((await admin.post(API.adminDepositApprove(off.id), {})).statusCode).toBe(200);
    // The first attempt of this one fails; the member turns the kind off before the retry.
    mailer.failNext(1);
    const turnedOff = await deposit(client, 6_000);
    expect((await admin.post(API.adminDepositReject(turnedOff.id), { reason: "Wrong amount" })).statusCode).toBe(200);
    await notifications().idle();
    await client.put(API.notificationPreferences, { email: { "deposit.rejected": false } });
    await notifications().sendDueMail({ now: later(2) });
    expect(
      (await client.put(API.notificationPreferences, { email: { "deposit.rejected": true } })).json().email,
    ).toMatchObject({ "deposit.approved": false, "deposit.rejected": true });

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "third-password-1",
    });
    expect(changed.statusCode).toBe(200);
    await notifications().idle();

    const approvedNote = await only(client, "deposit.approved");
    const rejectedNote = await only(client, "deposit.rejected");
    const securityNote = await only(client, "password.changed");
    expect(mailsOf(approvedNote.id)).toHaveLength(0);
    expect(await emailRow(approvedNote.id)).toMatchObject({ status: "skipped" });
    expect(mailsOf(rejectedNote.id)).toHaveLength(0);
    expect(await emailRow(rejectedNote.id)).toMatchObject({ status: "skipped", attempts: 2 });
    expect(mailsOf(securityNote.id)).toHaveLength(1);
    // Still in the app.
    expect((await list(client)).unreadCount).toBe(3);
    expect(member.uid).toBeTruthy();
  });

  it("pushes a new notification to the member's open tabs, and the read count to the others", async () => {
    const { client, input, member } = await signUpVerified(t.app);
    const bob = await signUpVerified(t.app);
    const tabA = await connect(t.app, client);
    const tabB = await connect(t.app, client);
    const bobTab = await connect(t.app, bob.client);

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "fourth-password-1",
    });
    expect(changed.statusCode).toBe(200);
    const n = await only(client, "password.changed");
    for (const tab of [tabA, tabB]) {
      expect(await tab.next("notification")).toEqual({ type: "notification", notification: n, unreadCount: 1 });
    }
    expect((await client.post(API.notificationsRead, { ids: [n.id] })).json()).toEqual({ unreadCount: 0 });
    for (const tab of [tabA, tabB]) {
      expect(await tab.next("notifications.read")).toEqual({ type: "notifications.read", unreadCount: 0 });
    }
    await settle(bobTab);
    expect(messagesOfType(bobTab, "notification")).toHaveLength(0);
    expect(messagesOfType(bobTab, "notifications.read")).toHaveLength(0);
    expect(member.uid).not.toBe(bob.member.uid);
  });
});
