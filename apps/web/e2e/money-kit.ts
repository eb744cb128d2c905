import zlib from "node:zlib";
import { API, type WalletBalances } from "@helio/shared";
import { type APIRequestContext, type Browser, expect, type Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { ADMIN, mailLink, signInWithForm } from "./fixtures.ts";

/** Helpers of the money specs: real PNG files, an admin browser, and API shortcuts an admin may take. */

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (const byte of buf) c = (CRC_TABLE[(c ^ byte) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real RGB PNG of `width`×`height` with a simple pattern (like a photographed card). */
export function makePng(width = 320, height = 200, seed = 0): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (width * 3 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const i = row + 1 + x * 3;
      const band = Math.floor((x + seed * 37) / 40) % 2 === 0;
      raw[i] = band ? 241 : 46;
      raw[i + 1] = band ? 90 : ((y * 255) / height) | 0;
      raw[i + 2] = band ? 41 : 120;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", zlib.deflateSync(raw)),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export const png = (name: string, seed = 0) => ({ name, mimeType: "image/png", buffer: makePng(320, 200, seed) });

/** A signed-in admin in a browser context of its own. */
export async function openAdmin(browser: Browser, options: Parameters<Browser["newContext"]>[0] = {}) {
  const context = await browser.newContext(options);
  const page = await context.newPage();
  await page.goto(paths.login);
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  return { context, page, request: context.request };
}

/**
 * An admin signed in through the API in a context of its own, no page: for a test that only makes
 * the admin's requests (the sign-in form is auth.spec.ts's and screens.spec.ts's part). Loading the
 * sign-in page and the back office for them cost two page loads.
 */
export async function adminRequests(browser: Browser) {
  const context = await browser.newContext();
  await signInAsAdmin(context.request);
  return { context, request: context.request };
}

/** Signs the admin in on `request` (a context's, which keeps the session cookie for its pages). */
export async function signInAsAdmin(request: APIRequestContext) {
  // The server's own URL (the context's baseURL) is the Origin better-auth trusts.
  const origin = new URL((await request.get(API.health)).url()).origin;
  const res = await request.post(API.authSignInEmail, {
    data: { email: ADMIN.email, password: ADMIN.password },
    headers: { origin },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The signed-in member's uid (from the member's own session). */
export async function uidOf(request: APIRequestContext): Promise<string> {
  const res = await request.get("/api/me");
  expect(res.status()).toBe(200);
  return ((await res.json()) as { uid: string }).uid;
}

/** An amount read from API JSON, where money is a string of digits in microcents: as a bigint. */
export function microcentsOf(sent: unknown): bigint {
  if (typeof sent !== "string" || !/^-?\d+$/.test(sent))
    throw new Error(`Money must come as a string of digits in microcents, got ${JSON.stringify(sent)}`);
  return BigInt(sent);
}

/** The signed-in member's balances (`GET /api/wallet`), in microcents. */
export async function balancesOf(request: APIRequestContext): Promise<WalletBalances> {
  const res = await request.get(API.wallet);
  expect(res.status(), await res.text()).toBe(200);
  const sent = (await res.json()) as Record<keyof WalletBalances, unknown>;
  return {
    wallet: microcentsOf(sent.wallet),
    demo: microcentsOf(sent.demo),
    profit: microcentsOf(sent.profit),
    bonus: microcentsOf(sent.bonus),
    withdrawal_hold: microcentsOf(sent.withdrawal_hold),
  };
}

/**
 * Admin shortcut: saves a change to the shared settings over their current revision (the whole
 * record goes back with `patch` applied). Returns the answer for the caller to check.
 */
export async function changeSettings(admin: APIRequestContext, origin: string, patch: Record<string, unknown>) {
  const current = await (await admin.get("/api/admin/settings")).json();
  return admin.put("/api/admin/settings", { data: { ...current, ...patch }, headers: { origin } });
}

/**
 * Admin shortcut: credit (or debit) a member's account with a reason. The amount goes as the API
 * takes money: a string of digits in microcents (`fromCents(50_000)` is 500.00 USD).
 */
export async function adjust(
  admin: APIRequestContext,
  baseURL: string,
  uid: string,
  amountMicrocents: bigint,
  reason = "e2e: funding the test member",
) {
  const res = await admin.post(`/api/admin/members/${encodeURIComponent(uid)}/adjust`, {
    data: { account: "wallet", amountMicrocents: String(amountMicrocents), reason },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Member shortcut: submit KYC (as Grace Hopper, with three real images) through the API. */
export async function submitKyc(member: APIRequestContext, baseURL: string) {
  const res = await member.post("/api/kyc", {
    multipart: {
      legalName: "Grace Hopper",
      dateOfBirth: "1985-12-09",
      country: "ID",
      idType: "national_id",
      idNumber: "3171234567890001",
      idFront: png("front.png", 1),
      idBack: png("back.png", 2),
      selfie: png("selfie.png", 3),
    },
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(201);
}

/** Admin shortcut: approve a member's pending KYC. */
export async function approveKyc(admin: APIRequestContext, baseURL: string, uid: string) {
  const res = await admin.post(`/api/admin/kyc/${encodeURIComponent(uid)}/approve`, {
    data: {},
    headers: { origin: baseURL },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The wallet balance in the top bar. */
export const topBarBalance = (page: Page) => page.getByRole("group", { name: "Wallet balance" });

/** Picks a file through the chooser a button opens. */
export async function chooseFile(page: Page, buttonName: string | RegExp, file: ReturnType<typeof png>) {
  const chooser = page.waitForEvent("filechooser");
  await page.getByRole("button", { name: buttonName }).click();
  await (await chooser).setFiles(file);
}

/** The member fills and submits the KYC form (national ID: front, back and selfie). */
export async function submitKycViaUi(page: Page, legalName: string) {
  await page.goto(paths.kycUser);
  await expect(page.getByRole("heading", { level: 1, name: "KYC" })).toBeVisible();
  await page.getByLabel("Legal name").fill(legalName);
  await page.getByLabel("Date of birth").fill("1990-04-12");
  await page.getByRole("combobox", { name: "Country" }).fill("Indonesia");
  await page.getByRole("option", { name: "Indonesia" }).click();
  await page.getByRole("radio", { name: "National ID" }).check();
  await page.getByLabel("ID number").fill("3171234567890001");
  await chooseFile(page, "Choose file: ID front", png("id-front.png", 1));
  await chooseFile(page, "Choose file: ID back", png("id-back.png", 2));
  await chooseFile(page, "Choose file: Selfie with your ID", png("selfie.png", 3));
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("We are reviewing your documents.")).toBeVisible();
}

/** The member saves bank data through /data-bank, confirming with the password. */
export async function saveBankViaUi(page: Page, password: string) {
  await page.goto(paths.dataBank);
  await page.getByLabel("Bank name").fill("Bank Central Asia");
  await page.getByLabel("Account holder").fill("Grace Hopper");
  await page.getByLabel("Account number").fill("1234 5678 9012");
  await expect(page.getByText("Will be shown as ****9012.")).toBeVisible();
  await page.getByLabel("SWIFT/BIC (optional)").fill("cenaidja");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm with your password" });
  await dialog.getByLabel("Password").fill(password);
  await dialog.getByRole("button", { name: "Save bank account" }).click();
  await expect(page.getByText("Your bank account was saved.")).toBeVisible();
  await expect(page.getByText("****9012").first()).toBeVisible();
}

/** The id and token of the newest withdrawal-confirmation mail to `email` (from the dev outbox). */
export async function confirmationOf(request: APIRequestContext, email: string) {
  const link = new URL(await mailLink(request, email, /^Confirm your withdrawal/));
  const [, , id, token] = link.pathname.split("/");
  return { link, id: decodeURIComponent(id as string), token: decodeURIComponent(token as string) };
}

/** Confirms the member's newest withdrawal as its mail's link does (no sign-in needed). */
export async function confirmWithdrawalFromMail(request: APIRequestContext, baseURL: string, email: string) {
  const { id, token } = await confirmationOf(request, email);
  const res = await request.post("/api/withdrawals/confirm", { data: { id, token }, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBe(200);
  return id;
}
