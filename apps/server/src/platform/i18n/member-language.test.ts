import { API } from "@helio/shared";
import { sql } from "drizzle-orm";
import { authenticator } from "otplib";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  Client,
  createTestApp,
  databaseKinds,
  latestMail,
  memberInput,
  queryRows,
  signInAdmin,
  signUpVerified,
  type TestApp,
} from "../../../test/helpers.ts";
import {
  apiCents,
  expectSoundLedger,
  fundWallet,
  multipartForm,
  png,
  postForm,
  readyMember,
} from "../../../test/money.ts";
import type { Database } from "../../db/client.ts";

describe.each(databaseKinds)("mail, notifications and CSV in the member's language on %s", (kind) => {
  let t: TestApp;
  let database: Database;
  let admin: Client;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000" } });
    database = t.database;
    admin = await signInAdmin(t.app);
  });
  afterEach(async () => {
    await expectSoundLedger(database);
  });
  afterAll(async () => {
    await t?.close();
  });

  const notificationsOf = async (client: Client) => {
    const res = await client.get(`${API.notifications}?pageSize=100`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().items as { kind: string; title: string; body: string }[];
  };

  it("mails a registrant's verification in the language they registered in, and keeps it on the account", async () => {
    const input = memberInput({ firstName: "Haruki", locale: "ja" });
    const res = await new Client(t.app).post(API.register, input);
    expect(res.statusCode, res.body).toBe(201);
    const mail = await latestMail(t.app, input.email);
    expect(mail.subject).toBe("Helio のメールアドレス確認");
    expect(mail.text).toMatch(/^Haruki Lovelace 様、Helio のご利用を始めるには、メールアドレスを確認してください。/);
    expect(mail.text).toContain("こちらのリンクを開く: http");
    const [row] = await queryRows<{ locale: string | null }>(
      database,
      sql`select locale from "user" where email = ${input.email}`,
    );
    expect(row?.locale).toBe("ja");

    // Without a language (an older web app, a script) the mail is English, as it always was.
    const plain = memberInput();
    expect((await new Client(t.app).post(API.register, plain)).statusCode).toBe(201);
    expect((await latestMail(t.app, plain.email)).subject).toBe("Verify your email for Helio");
    // A language Helio does not speak is a 400 naming the field.
    const bad = await new Client(t.app).post(API.register, memberInput({ locale: "fr" }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual([expect.objectContaining({ field: "locale" })]);
  });

  it("asks an Indonesian member to confirm a withdrawal in Indonesian, amounts and dates in Indonesian format", async () => {
    const budi = await readyMember(t.app, admin, { firstName: "Budi", locale: "id" });
    await fundWallet(admin, budi.member.uid, 500_000);
    const res = await budi.client.post(API.withdrawals, { amountMicrocents: apiCents(123_456) });
    expect(res.statusCode, res.body).toBe(201);
    const mail = await latestMail(t.app, budi.input.email);
    expect(mail.subject).toBe("Konfirmasi penarikan Anda sebesar 1.234,56 USD");
    expect(mail.text).toMatch(
      /^Halo Budi, konfirmasi penarikan Anda sebesar 1\.234,56 USD ke Bank of Tests \*+6819\. Tautan ini hanya berlaku sekali, khusus untuk penarikan ini, hingga \d{1,2} (Jan|Feb|Mar|Apr|Mei|Jun|Jul|Agu|Sep|Okt|Nov|Des), \d\d\.\d\d UTC;/,
    );
    expect(mail.html).toContain(">Konfirmasi penarikan</a>");
  });

  it("words notifications and their mails in the member's current language", async () => {
    const { client, input } = await signUpVerified(t.app, { firstName: "Siti", currency: "IDR" });
    expect((await client.put(API.profileLocale, { locale: "id" })).statusCode).toBe(200);

    const deposit = await client.post(API.deposits, { amountMicrocents: apiCents(10_000) });
    expect(deposit.statusCode, deposit.body).toBe(201);
    const { id, reference } = deposit.json() as { id: string; reference: string };
    const proof = multipartForm({}, [
      { field: "file", filename: "r.png", contentType: "image/png", data: await png() },
    ]);
    expect((await postForm(client, API.depositProof(id), proof)).statusCode).toBe(200);
    expect((await admin.post(API.adminDepositApprove(id), {})).statusCode).toBe(200);

    const changed = await client.post("/api/auth/change-password", {
      currentPassword: input.password,
      newPassword: "kata-sandi-baru-1",
    });
    expect(changed.statusCode, changed.body).toBe(200);

    // The password's notice is written after better-auth's answer: wait for both, then read each by kind.
    const notices = await vi.waitFor(async () => {
      const items = await notificationsOf(client);
      expect(items.map((n) => n.kind)).toEqual(expect.arrayContaining(["password.changed", "deposit.approved"]));
      return items;
    });
    const password = notices.find((n) => n.kind === "password.changed");
    const approved = notices.find((n) => n.kind === "deposit.approved");
    expect(approved).toMatchObject({
      kind: "deposit.approved",
      title: "Deposit disetujui",
      body: `Siti, deposit Anda ${reference} sebesar 1.625.000,00 IDR (100,00 USD) telah disetujui dan masuk ke dompet Anda.`,
    });
    expect(password?.title).toBe("Kata sandi Anda telah diubah");
    expect(password?.body).toMatch(
      /^Siti, kata sandi akun Helio Anda diubah pada \d{1,2} \w{3} \d{4}, \d\d\.\d\d UTC\./,
    );

    await t.app.services.notifications.idle();
    const mail = await latestMail(t.app, input.email);
    expect(mail.subject).toBe("Kata sandi Anda telah diubah");
    expect(mail.text).toContain(password?.body);
    expect(mail.text).toContain("Email keamanan ini selalu dikirim.");
    expect(mail.html).toContain(">Buka di Helio</a>");
  });

  it("asks a Japanese member to confirm a two-factor reset in Japanese", async () => {
    const { client, member, input } = await signUpVerified(t.app, { firstName: "Yui", locale: "ja" });
    const enable = await client.post("/api/auth/two-factor/enable", { password: input.password });
    const secret = new URL(enable.json().totpURI).searchParams.get("secret") as string;
    const verified = await client.post("/api/auth/two-factor/verify-totp", { code: authenticator.generate(secret) });
    expect(verified.statusCode, verified.body).toBe(200);
    const asked = await admin.post(API.adminMemberTwoFactorReset(member.uid));
    expect(asked.statusCode, asked.body).toBe(200);
    const mail = await latestMail(t.app, input.email);
    expect(mail.subject).toBe("Helio の二要素認証リセットの確認");
    expect(mail.text).toMatch(/^Yui 様、ご依頼/);
    expect(mail.text).toContain("こちらのリンクを開く: http");
    expect(mail.html).toContain(">リセットを確定</a>");
  });

  it("writes a Korean member's CSV headers in Korean and an English member's as they were, the values alike", async () => {
    const korean = await signUpVerified(t.app, { locale: "ko" });
    const english = await signUpVerified(t.app);
    for (const account of [korean, english]) await fundWallet(admin, account.member.uid, 1_234);
    const lines = async (client: Client, url: string) => {
      const res = await client.get(url);
      expect(res.statusCode, res.body).toBe(200);
      return res.body.split("\r\n");
    };

    const [koHeader, koRow] = await lines(korean.client, API.walletHistoryCsv);
    expect(koHeader).toBe("날짜,유형,계정,금액 (USD),변동 후 잔액 (USD),참조 유형,참조 ID,트랜잭션 ID,메모");
    const [enHeader, enRow] = await lines(english.client, API.walletHistoryCsv);
    expect(enHeader).toBe(
      "date,kind,account,amount_usd,balance_after_usd,reference_type,reference_id,transaction_id,memo",
    );
    // The values stay machine-readable in every language: the same columns, decimals with a dot.
    expect(koRow?.split(",").slice(1, 5)).toEqual(enRow?.split(",").slice(1, 5));
    expect(koRow).toContain(",12.34,");

    expect((await lines(korean.client, API.tradesHistoryCsv))[0]).toBe(
      "ID,종목,방향,금액 (USD),계정,지급률 (%),기간(초),진입 가격,종료 가격,결과,지급액 (USD),시작 시각,만기 시각,정산 시각",
    );
    expect((await lines(english.client, API.tradesHistoryCsv))[0]).toBe(
      "id,pair,direction,amount_usd,account,payout_percent,duration_seconds,entry_price,exit_price,result,payout_usd,opened_at,expires_at,settled_at",
    );
  });
});
