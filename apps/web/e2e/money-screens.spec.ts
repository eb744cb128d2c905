import { fromCents } from "@helio/shared";
import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { expect, signUp, test } from "./fixtures.ts";
import { adjust, approveKyc, confirmWithdrawalFromMail, makePng, openAdmin, submitKyc, uidOf } from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

async function post(request: APIRequestContext, baseURL: string, path: string, data: unknown) {
  const res = await request.post(path, { data, headers: { origin: baseURL } });
  expect(res.status(), await res.text()).toBeLessThan(300);
  return res.json();
}

/**
 * A verified member with a proof-carrying deposit, one awaiting proof, an approved KYC, bank data whose
 * holder is written unlike the verified name, and a withdrawal confirmed from its mail (in the
 * operators' queue, flagged).
 */
async function memberWithMoney(page: Page, browser: Browser, base: string) {
  const member = await signUp(page, base);
  const uid = await uidOf(page.request);
  const deposit = (await post(page.request, base, "/api/deposits", { amount: "150.00" })) as { id: string };
  const proof = await page.request.post(`/api/deposits/${deposit.id}/proof`, {
    multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: makePng(480, 300, 4) } },
    headers: { origin: base },
  });
  expect(proof.status()).toBe(200);
  const awaiting = (await post(page.request, base, "/api/deposits", { amount: "75.50" })) as { id: string };
  await submitKyc(page.request, base);
  const bank = await page.request.put("/api/bank", {
    data: {
      bankName: "Bank Central Asia",
      // Not the verified name (Grace Hopper): the bank page warns, the operator's card flags it.
      accountHolder: "G. M. Hopper",
      accountNumber: "1234567890",
      password: member.password,
    },
    headers: { origin: base },
  });
  expect(bank.status(), await bank.text()).toBe(200);
  const admin = await openAdmin(browser);
  await approveKyc(admin.request, base, uid);
  await adjust(admin.request, base, uid, fromCents(1_234_567));
  const withdrawal = (await post(page.request, base, "/api/withdrawals", { amount: "25.00" })) as { id: string };
  await confirmWithdrawalFromMail(page.request, base, member.email);
  return { uid, admin, deposit, awaiting, withdrawal };
}

test("a new member's empty money screens and forms, light and dark, desktop and 360 px", async ({ page, baseURL }) => {
  await signUp(page, baseURL as string);
  await walkPasses(
    page,
    [
      { path: paths.kycUser, name: "kyc-form" },
      { path: paths.dataBank, name: "bank-empty" },
      { path: paths.withdrawal, name: "withdrawal-requirements" },
    ],
    "money",
  );
});

test("a member's money screens with deposits, KYC, bank data and a withdrawal, in every pass", async ({
  page,
  browser,
  baseURL,
}) => {
  const { admin, deposit, awaiting, withdrawal } = await memberWithMoney(page, browser, baseURL as string);
  await admin.context.close();
  await walkPasses(
    page,
    [
      { path: "/", name: "dashboard" },
      { path: paths.wallet, name: "wallet" },
      { path: paths.addBalance, name: "add-balance" },
      { path: paths.invoiceBalance, name: "invoice-balance-index" },
      { path: paths.invoiceBalanceOne(deposit.id), name: "invoice-balance-proof" },
      { path: paths.invoiceBalanceOne(awaiting.id), name: "invoice-balance-awaiting" },
      { path: paths.withdrawal, name: "withdrawal" },
      { path: paths.invoiceWd, name: "invoice-wd-index" },
      { path: paths.invoiceWdOne(withdrawal.id), name: "invoice-wd" },
      { path: paths.viewWithdrawal, name: "view-withdrawal" },
      { path: paths.dataBank, name: "bank" },
      { path: paths.kycUser, name: "kyc-approved" },
    ],
    "money",
  );
});

test("the back office's money screens, in every pass", async ({ page, browser, baseURL }) => {
  const { uid, admin } = await memberWithMoney(page, browser, baseURL as string);
  await walkPasses(
    admin.page,
    [
      { path: paths.adminDashboard, name: "admin-dashboard" },
      { path: paths.adminDeposits, name: "admin-deposits" },
      { path: paths.adminWithdrawals, name: "admin-withdrawals" },
      { path: `${paths.adminKyc}?status=all`, name: "admin-kyc" },
      { path: paths.adminSettings, name: "admin-settings" },
      { path: paths.adminLedger, name: "admin-ledger" },
      { path: paths.adminMember(uid), name: "admin-member" },
    ],
    "money",
  );
  await admin.page.goto(paths.adminWithdrawals);
  await expect(admin.page.getByTestId("name-mismatch").first()).toContainText("“G. M. Hopper” does not match");
  await admin.context.close();
});
