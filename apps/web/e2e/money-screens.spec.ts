import type { APIRequestContext, Browser, Page } from "@playwright/test";
import {
  expect,
  expectAccessible,
  registerAndVerify,
  SCREEN_PASSES,
  screenshot,
  test,
  type Viewport,
} from "./fixtures.ts";
import { adjust, approveKyc, makePng, openAdmin, uidOf } from "./money-kit.ts";

async function visit(page: Page, path: string, name: string, mode: string, viewport: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  await expect(page.locator(".MuiSkeleton-root")).toHaveCount(0);
  // Thumbnails of proofs and documents: loaded, and real images.
  await page.waitForFunction(() => [...document.images].every((img) => img.complete));
  const broken = await page.evaluate(() =>
    [...document.images].filter((img) => img.naturalWidth === 0).map((img) => img.alt || img.src),
  );
  expect(broken, `broken images on ${path}`).toEqual([]);
  await screenshot(page, `money-${name}-${viewport}-${mode}`);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows horizontally at ${viewport}`).toBeLessThanOrEqual(0);
  if (viewport === "desktop") await expectAccessible(page);
}

async function post(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/** A verified member with a proof-carrying deposit, one awaiting proof, an approved KYC, bank data and a withdrawal. */
async function memberWithMoney(page: Page, browser: Browser, base: string, viewport: Viewport, mode: string) {
  const member = await registerAndVerify(page, base);
  const uid = await uidOf(page.request);
  const deposit = (await post(page.request, base, "/api/deposits", { amount: "150.00" })) as { id: string };
  const proof = await page.request.post(`/api/deposits/${deposit.id}/proof`, {
    multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: makePng(480, 300, 4) } },
    headers: { origin: base },
  });
  expect(proof.status()).toBe(200);
  const awaiting = (await post(page.request, base, "/api/deposits", { amount: "75.50" })) as { id: string };
  const kyc = await page.request.post("/api/kyc", {
    multipart: {
      legalName: "Grace Hopper",
      dateOfBirth: "1985-12-09",
      country: "ID",
      idType: "national_id",
      idNumber: "3171234567890001",
      idFront: { name: "front.png", mimeType: "image/png", buffer: makePng(320, 200, 1) },
      idBack: { name: "back.png", mimeType: "image/png", buffer: makePng(320, 200, 2) },
      selfie: { name: "selfie.png", mimeType: "image/png", buffer: makePng(320, 200, 3) },
    },
    headers: { origin: base },
  });
  expect(kyc.status(), await kyc.text()).toBe(201);
  const bank = await page.request.put("/api/bank", {
    data: {
      bankName: "Bank Central Asia",
      accountHolder: "Grace Hopper",
      accountNumber: "1234567890",
      password: member.password,
    },
    headers: { origin: base },
  });
  expect(bank.status(), await bank.text()).toBe(200);
  const admin = await openAdmin(browser, { viewport });
  await admin.page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
  await approveKyc(admin.request, base, uid);
  await adjust(admin.request, base, uid, 1_234_567);
  const withdrawal = (await post(page.request, base, "/api/withdrawals", { amount: "25.00" })) as { id: string };
  return { uid, admin, deposit, awaiting, withdrawal };
}

for (const { mode, viewport } of SCREEN_PASSES) {
  const v = viewport.name;
  test.describe(`money screens in ${mode} mode on ${v}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
    });

    test("a new member's empty states and forms", async ({ page, baseURL }) => {
      await registerAndVerify(page, baseURL as string);
      await visit(page, "/kyc-user", "kyc-form", mode, v);
      await visit(page, "/data-bank", "bank-empty", mode, v);
      await visit(page, "/withdrawal", "withdrawal-requirements", mode, v);
    });

    test("a member's money screens with deposits, KYC, bank data and a withdrawal", async ({
      page,
      browser,
      baseURL,
    }) => {
      const { admin, deposit, awaiting, withdrawal } = await memberWithMoney(
        page,
        browser,
        baseURL as string,
        viewport,
        mode,
      );
      await admin.context.close();
      await visit(page, "/", "dashboard", mode, v);
      await visit(page, "/wallet", "wallet", mode, v);
      await visit(page, "/add-balance", "add-balance", mode, v);
      await visit(page, "/invoice-balance", "invoice-balance-index", mode, v);
      await visit(page, `/invoice-balance/${deposit.id}`, "invoice-balance-proof", mode, v);
      await visit(page, `/invoice-balance/${awaiting.id}`, "invoice-balance-awaiting", mode, v);
      await visit(page, "/withdrawal", "withdrawal", mode, v);
      await visit(page, "/invoice-wd", "invoice-wd-index", mode, v);
      await visit(page, `/invoice-wd/${withdrawal.id}`, "invoice-wd", mode, v);
      await visit(page, "/view-withdrawal", "view-withdrawal", mode, v);
      await visit(page, "/data-bank", "bank", mode, v);
      await visit(page, "/kyc-user", "kyc-approved", mode, v);
    });

    test("the back office's money screens", async ({ page, browser, baseURL }) => {
      const { uid, admin } = await memberWithMoney(page, browser, baseURL as string, viewport, mode);
      await visit(admin.page, "/admin/dashboard", "admin-dashboard", mode, v);
      await visit(admin.page, "/admin/deposits", "admin-deposits", mode, v);
      await visit(admin.page, "/admin/withdrawals", "admin-withdrawals", mode, v);
      await visit(admin.page, "/admin/kyc?status=all", "admin-kyc", mode, v);
      await visit(admin.page, "/admin/settings", "admin-settings", mode, v);
      await visit(admin.page, "/admin/ledger", "admin-ledger", mode, v);
      await visit(admin.page, `/admin/members/${uid}`, "admin-member", mode, v);
      await admin.context.close();
    });
  });
}
