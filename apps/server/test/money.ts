/**
 * What the money suites share (wallet, deposits, withdrawals, bank, KYC, back office, trading,
 * investments, funds, referrals): their app, files to upload, funded members, error checks, and the
 * ledger check every money test ends with.
 */
import { randomBytes } from "node:crypto";
import { API, fromCents, jsonText } from "@helio/shared";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import sharp from "sharp";
import { expect } from "vitest";
import type { Database } from "../src/db/client.ts";
import { verifyLedger } from "../src/modules/ledger/index.ts";
import { Client, createTestApp, type DatabaseKind, latestMail, signUpVerified, type TestApp } from "./helpers.ts";

/**
 * An amount written in cents, in the form the API's JSON carries it: microcents as a string of
 * digits. `apiCents(1_234)` is "1234000000", 12.34 USD.
 */
export const apiCents = (cents: number): string => fromCents(cents).toString();

/** Every money test ends here: the ledger's invariants hold. */
export async function expectSoundLedger(database: Database) {
  const report = await verifyLedger(database.db);
  expect(report, jsonText(report)).toMatchObject({
    ok: true,
    unbalancedTransactions: [],
    driftedBalances: [],
    negativeMemberBalances: [],
    brokenRunningBalances: [],
  });
  return report;
}

/** One app per suite: workers off (tests call ticks themselves), a money rate limit the suite chooses. */
export function moneyApp(kind: DatabaseKind, env: Record<string, string> = {}): Promise<TestApp> {
  return createTestApp(kind, { env: { WORKERS: "off", MONEY_RATE_LIMIT: "10000", ...env } });
}

export const png = (size = 16, color = "#3366ff") =>
  sharp({ create: { width: size, height: size, channels: 3, background: color } })
    .png()
    .toBuffer();
export const jpeg = (size = 16) =>
  sharp({ create: { width: size, height: size, channels: 3, background: "#aa5500" } })
    .jpeg()
    .toBuffer();
/** The smallest thing file-type recognises as a PDF. */
export const pdf = () =>
  Buffer.from(
    "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
  );
/** A GIF: a real image, but not one we accept. */
export const gif = () => Buffer.from("R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7", "base64");

export type FormFile = { field: string; filename: string; contentType: string; data: Buffer };

/** A multipart/form-data body with text fields and any number of files. */
export function multipartForm(fields: Record<string, string>, files: FormFile[] = []) {
  const boundary = `----helio${randomBytes(8).toString("hex")}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const f of files) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${f.field}"; filename="${f.filename}"\r\n` +
          `Content-Type: ${f.contentType}\r\n\r\n`,
      ),
      f.data,
      Buffer.from("\r\n"),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
  };
}

export function postForm(client: Client, url: string, form: ReturnType<typeof multipartForm>) {
  return client.request({ method: "POST", url, payload: form.payload, headers: form.headers });
}

/** An amount typed in IDR with the rate the form showed (the default is 16,250 IDR per USD). */
export const idr = (amount: string, rate = "16250") => ({ local: { amount, currency: "IDR", rate } });

/** Expects a JSON error with this status and code (and, when given, a field named). */
export function expectError(res: LightMyRequestResponse, status: number, code: string, field?: string) {
  expect({ status: res.statusCode, body: res.json() }).toMatchObject({ status, body: { error: { code } } });
  if (field) {
    const fields = (res.json().error.fields ?? []) as { field: string }[];
    expect(fields.map((f) => f.field)).toContain(field);
  }
}

/**
 * Credits a member's wallet through the back office (adjustment against the adjustments account):
 * `amount` in whole cents as the suites write them (`fundWallet(admin, uid, 5_000)` is 50.00 USD),
 * or in microcents as a bigint (`fromCents(5_000)` is the same).
 */
export async function fundWallet(admin: Client, uid: string, amount: number | bigint) {
  const amountMicrocents = typeof amount === "bigint" ? amount : fromCents(amount);
  const res = await admin.post(API.adminMemberAdjust(uid), {
    account: "wallet",
    amountMicrocents: amountMicrocents.toString(),
    reason: "Test funding",
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { balanceAfterMicrocents: string; transactionId: string };
}

/**
 * A package from 10.00 to 1,000.00 USD that returns its capital, created by `admin`: its slug.
 * `dailyRateBps` and `durationPeriods` as the suite's arithmetic needs them.
 */
export async function createPackage(
  admin: Client,
  {
    name,
    slug,
    dailyRateBps,
    durationPeriods,
  }: { name: string; slug: string; dailyRateBps: number; durationPeriods: number },
): Promise<string> {
  const res = await admin.post(API.adminPackages, {
    name,
    slug,
    minMicrocents: apiCents(1_000),
    maxMicrocents: apiCents(100_000),
    dailyRateBps,
    durationPeriods,
    capitalReturn: true,
  });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().slug;
}

export const adultBirthDate = "1990-05-17";
export async function kycForm(overrides: Record<string, string> = {}, files?: FormFile[]) {
  const fields = {
    legalName: "Ada Lovelace",
    dateOfBirth: adultBirthDate,
    country: "GB",
    idType: "national_id",
    idNumber: "AB123456",
    ...overrides,
  };
  const images = files ?? [
    { field: "idFront", filename: "front.png", contentType: "image/png", data: await png(16, "#111111") },
    { field: "idBack", filename: "back.jpg", contentType: "image/jpeg", data: await jpeg() },
    { field: "selfie", filename: "selfie.webp", contentType: "image/webp", data: await png(16, "#222222") },
  ];
  return multipartForm(fields, images);
}

/** A member with approved KYC and saved bank data, ready to withdraw. */
export async function readyMember(
  app: FastifyInstance,
  admin: Client,
  overrides: Partial<Record<string, string>> = {},
) {
  const account = await signUpVerified(app, overrides);
  const kyc = await postForm(account.client, API.kyc, await kycForm());
  expect(kyc.statusCode, kyc.body).toBe(201);
  const approve = await admin.post(API.adminKycApprove(account.member.uid), {});
  expect(approve.statusCode, approve.body).toBe(200);
  const bank = await account.client.put(API.bank, {
    bankName: "Bank of Tests",
    accountHolder: "Ada Lovelace",
    accountNumber: "GB29 NWBK 6016 1331 9268 19",
    password: account.input.password,
  });
  expect(bank.statusCode, bank.body).toBe(200);
  return account;
}

/** Collects what the server pushes to a member (through the bus, on every instance alike). */
export function captureMessages(app: FastifyInstance, uid: string) {
  const messages: { type: string; [key: string]: unknown }[] = [];
  const off = app.services.bus.subscribe(`user:${uid}`, (m) =>
    messages.push(...((Array.isArray(m) ? m : [m]) as typeof messages)),
  );
  return { messages, off };
}

/** The id and token of the newest withdrawal-confirmation mail to `email` (its link, taken apart). */
export async function confirmationLinkOf(app: FastifyInstance, email: string) {
  const mail = await latestMail(app, email);
  const match = mail.text.match(/\/confirm-withdrawal\/([^/\s]+)\/([^/\s]+)/);
  if (!match) throw new Error(`no withdrawal confirmation in the newest mail to ${email}`);
  return { id: decodeURIComponent(match[1] as string), token: decodeURIComponent(match[2] as string) };
}

/** Confirms the member's newest withdrawal as its mail's link would (signed out); the withdrawal. */
export async function confirmFromMail(app: FastifyInstance, email: string) {
  const link = await confirmationLinkOf(app, email);
  const res = await new Client(app).post(API.withdrawalConfirm, link);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as { id: string; status: string };
}
