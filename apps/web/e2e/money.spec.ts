import { fromCents } from "@helio/shared";
import type { Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  chooseOption,
  expect,
  expectAccessible,
  newMember,
  registerAndVerify,
  screenshot,
  signUp,
  test,
} from "./fixtures.ts";
import {
  adjust,
  adminRequests,
  approveKyc,
  chooseFile,
  confirmWithdrawalFromMail,
  openAdmin,
  png,
  saveBankViaUi,
  submitKycViaUi,
  topBarBalance,
  uidOf,
} from "./money-kit.ts";

/** Marks the page so a later check can prove it was not reloaded. */
async function markNoReload(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __noReload: boolean }).__noReload = true;
  });
}
async function expectNotReloaded(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true);
}

test("deposit: invoice, proof upload, admin approves, the member's top bar changes live", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const member = await registerAndVerify(page, baseURL as string, newMember({ firstName: "Ada", lastName: "Deposit" }));
  await expect(topBarBalance(page)).toContainText("0.00 USD");

  await page.goto(paths.addBalance);
  await expect(page.getByRole("heading", { level: 1, name: "Add Balance" })).toBeVisible();
  // Client-side check first.
  await page.getByLabel("Amount (USD)").fill("12.345");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await expect(page.getByText("At most 2 decimals")).toBeVisible();
  await page.getByLabel("Amount (USD)").fill("250");
  await page.getByRole("button", { name: "Create invoice" }).click();
  await page.waitForURL(/\/invoice-balance\/[0-9a-f-]{36}$/);

  const status = page.getByRole("region", { name: "Status" });
  await expect(status.getByText("Awaiting payment").first()).toBeVisible();
  await expect(page.getByRole("heading", { name: "Transfer instructions" })).toBeVisible();
  await expect(page.getByText("250.00 USD").first()).toBeVisible();
  const reference = ((await page.locator("dd").first().textContent()) ?? "").trim();
  expect(reference).toMatch(/^[A-Z0-9-]{6,}$/);
  await expectAccessible(page);

  // A file the server refuses by type is refused in the browser first.
  await chooseFile(page, "Choose file: Proof of payment file", {
    name: "notes.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("not a proof"),
  });
  await expect(page.getByText("Choose a JPEG, PNG or WebP image or a PDF.")).toBeVisible();
  await chooseFile(page, "Choose file: Proof of payment file", png("transfer-receipt.png"));
  await page.getByRole("button", { name: "Upload proof" }).click();
  await expect(status.getByText("Proof submitted").first()).toBeVisible();
  await expect(page.getByText(/We will review your proof/)).toBeVisible();
  const proofLink = page.getByRole("link", { name: /View the uploaded proof/ });
  await expect(proofLink).toBeVisible();
  const proof = await page.request.get((await proofLink.getAttribute("href")) as string);
  expect(proof.status()).toBe(200);
  expect(proof.headers()["content-type"]).toBe("image/png");
  await screenshot(page, "money-deposit-invoice-proof");
  await markNoReload(page);

  // The admin approves in another browser.
  const admin = await openAdmin(browser);
  await admin.page.goto(paths.adminDeposits);
  const card = admin.page.getByRole("listitem", { name: `Deposit ${reference}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole("link", { name: "Proof of payment, opens in a new tab" })).toBeVisible();
  await expectAccessible(admin.page);
  await screenshot(admin.page, "money-admin-deposits-queue");
  await card.getByRole("button", { name: "Approve" }).click();
  await admin.page
    .getByRole("dialog", { name: "Approve this deposit?" })
    .getByRole("button", { name: "Approve" })
    .click();
  await expect(admin.page.getByRole("status").filter({ hasText: `Deposit ${reference} approved` })).toBeVisible();

  // The member sees it without reloading: top bar and status.
  await expect(topBarBalance(page)).toContainText("250.00 USD");
  await expect(status.getByText("Approved").first()).toBeVisible();
  await expectNotReloaded(page);

  // The ledger shows the deposit.
  await page.goto(paths.wallet);
  await expect(page.getByRole("table", { name: "Ledger entries" }).getByText("Deposit").first()).toBeVisible();
  await chooseOption(page.getByRole("combobox", { name: "Kind" }), "Demo grant");
  await expect(page).toHaveURL(/kind=demo_grant/);
  await expect(page.getByRole("table", { name: "Ledger entries" }).getByText("10,000.00 USD").first()).toBeVisible();
  const csv = await page.request.get(
    (await page.getByRole("link", { name: "Export CSV" }).getAttribute("href")) as string,
  );
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain("demo_grant");
  await admin.context.close();
  void member;
});

test("withdrawal: requirements, request, admin rejects, the money is back live", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  const member = await registerAndVerify(page, baseURL as string, newMember({ firstName: "Wanda", lastName: "Draw" }));
  const uid = await uidOf(page.request);
  const admin = await openAdmin(browser);
  await adjust(admin.request, baseURL as string, uid, fromCents(50_000));
  await expect(topBarBalance(page)).toContainText("500.00 USD");

  // The requirements are shown plainly, with links.
  await page.goto(paths.withdrawal);
  await expect(page.getByRole("link", { name: "Verify your identity" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Add your bank account" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Request withdrawal" })).toBeDisabled();

  await submitKycViaUi(page, "Wanda Draw");
  await approveKyc(admin.request, baseURL as string, uid);
  await saveBankViaUi(page, member.password);

  await page.goto(paths.withdrawal);
  await expect(page.getByText("Identity verified")).toBeVisible();
  await page.getByLabel("Amount (USD)").fill("100");
  const summary = page.getByLabel("Withdrawal summary");
  await expect(summary.getByText("1.00 USD", { exact: true })).toBeVisible(); // default fee 1%
  await expect(summary.getByText("99.00 USD", { exact: true })).toBeVisible();
  await expect(page.getByText("Bank Central Asia · Grace Hopper · ****9012")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await page.waitForURL(/\/invoice-wd\/[0-9a-f-]{36}$/);
  // It waits for the link mailed to the member before it reaches the operators.
  await expect(page.getByText("Check your e-mail: open the link we sent")).toBeVisible();
  await expect(topBarBalance(page)).toContainText("400.00 USD");
  await markNoReload(page);
  await confirmWithdrawalFromMail(page.request, baseURL as string, member.email);
  await expect(page.getByText("Pending").first()).toBeVisible();

  // The admin rejects it.
  await admin.page.goto(paths.adminWithdrawals);
  const card = admin.page.getByRole("listitem", { name: "Withdrawal of Wanda Draw" });
  await expect(card.getByText("123456789012")).toBeVisible(); // admins see the full number
  await card.getByRole("button", { name: "Reject" }).click();
  const dialog = admin.page.getByRole("dialog", { name: "Reject this withdrawal?" });
  await dialog.getByLabel("Reason").fill("The account holder does not match");
  await dialog.getByRole("button", { name: "Reject" }).click();
  await expect(dialog).toBeHidden();
  await expect(admin.page.getByText("Withdrawal of Wanda Draw rejected")).toBeVisible();

  // The member sees the rejection and the money back, live.
  await expect(page.getByText("Rejected: The account holder does not match")).toBeVisible();
  await expect(topBarBalance(page)).toContainText("500.00 USD");
  await expectNotReloaded(page);

  // A second one is cancelled by the member before confirming it.
  await page.goto(paths.withdrawal);
  await page.getByLabel("Amount (USD)").fill("50");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await page.waitForURL(/\/invoice-wd\/[0-9a-f-]{36}$/);
  await expect(topBarBalance(page)).toContainText("450.00 USD");
  await page.getByRole("button", { name: "Cancel withdrawal" }).click();
  await page
    .getByRole("dialog", { name: "Cancel this withdrawal?" })
    .getByRole("button", { name: "Cancel withdrawal" })
    .click();
  await expect(page.getByText("You cancelled this withdrawal.")).toBeVisible();
  await expect(topBarBalance(page)).toContainText("500.00 USD");

  await page.goto(paths.viewWithdrawal);
  const table = page.getByRole("table", { name: "Withdrawals" });
  await expect(table.getByText("Rejected")).toBeVisible();
  await expect(table.getByText("Cancelled")).toBeVisible();
  await admin.context.close();
});

test("KYC: the member submits real images, the admin approves, the status changes live", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await signUp(page, baseURL as string, newMember({ firstName: "Kay", lastName: "Whyce" }));
  await page.goto(paths.kycUser);
  await expect(page.getByText("Not submitted")).toBeVisible();
  // A passport needs no back.
  await page.getByRole("radio", { name: "Passport" }).check();
  await expect(page.getByRole("button", { name: /ID back/ })).toHaveCount(0);
  await page.getByRole("radio", { name: "National ID" }).check();
  await expect(page.getByRole("button", { name: "Choose file: ID back" })).toBeVisible();
  // Missing fields are named.
  await page.getByRole("button", { name: "Submit for review" }).click();
  await expect(page.getByText("Attach the front of your ID")).toBeVisible();

  await submitKycViaUi(page, "Kay Whyce");
  await expect(page.getByText("Pending").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "ID front, opens in a new tab" })).toBeVisible();
  await markNoReload(page);

  const admin = await openAdmin(browser);
  await admin.page.goto(paths.adminKyc);
  const card = admin.page.getByRole("listitem", { name: "KYC of Kay Whyce" });
  await expect(card.getByRole("link", { name: "Selfie with ID, opens in a new tab" })).toBeVisible();
  await expect(card.getByText("3171234567890001")).toBeVisible();
  const selfie = await admin.request.get(
    (await card.getByRole("link", { name: /selfie/i }).getAttribute("href")) as string,
  );
  expect(selfie.headers()["content-type"]).toBe("image/png");
  await expectAccessible(admin.page);
  await screenshot(admin.page, "money-admin-kyc-queue");
  await card.getByRole("button", { name: "Approve" }).click();
  await admin.page
    .getByRole("dialog", { name: "Approve this verification?" })
    .getByRole("button", { name: "Approve" })
    .click();

  await expect(page.getByText("Your identity is verified")).toBeVisible();
  await expect(page.getByText("Approved").first()).toBeVisible();
  await expectNotReloaded(page);
  await admin.context.close();
});

test("the top bar shows the balance in the member's currency (IDR: balance × rate, comma thousands)", async ({
  page,
  browser,
  baseURL,
}) => {
  await registerAndVerify(page, baseURL as string, newMember({ firstName: "Ida", lastName: "Rupiah" }));
  const uid = await uidOf(page.request);
  const admin = await adminRequests(browser);
  await adjust(admin.request, baseURL as string, uid, fromCents(123_456));
  await admin.context.close();
  await expect(topBarBalance(page)).toContainText("1,234.56 USD");

  const settings = (await (await page.request.get("/api/settings")).json()) as {
    rates: { name: string; value: number }[];
  };
  const rate = settings.rates.find((r) => r.name === "IDR")?.value as number;
  const expected = `${new Intl.NumberFormat("en-US", { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(
    1234.56 * rate,
  )} IDR`;
  expect(expected).toMatch(/^\d{1,3}(,\d{3})+\.\d{2} IDR$/);

  await page.goto(paths.updateProfile);
  await chooseOption(page.getByRole("combobox", { name: "Display currency" }), "Indonesian Rupiah (IDR)");
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByText("Your profile was saved.")).toBeVisible();
  await expect(topBarBalance(page)).toContainText(expected);
  await page.goto("/");
  await expect(page.getByRole("region", { name: "Balances" }).getByText(expected)).toBeVisible();
  await screenshot(page, "money-dashboard-idr");
});
