import { fromCents } from "@helio/shared";
import type { APIRequestContext, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  newMember,
  registerAndVerify,
  screenshot,
  test,
} from "./fixtures.ts";
import {
  adjust,
  approveKyc,
  balancesOf,
  changeSettings,
  makePng,
  microcentsOf,
  openAdmin,
  saveBankViaUi,
  submitKyc,
  uidOf,
} from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

// An IDR member types every amount in IDR; the server converts at the rate the form showed and
// refuses a rate that changed since (docs/product.md §4a). The default IDR rate is 16,250 per USD.

const walletOf = (page: Page) => balancesOf(page.request);

async function setIdrRate(admin: APIRequestContext, origin: string, rate: string) {
  const res = await changeSettings(admin, origin, { rateIDR: rate });
  expect(res.status(), await res.text()).toBe(200);
}

test("deposit in IDR: the USD equivalent and rate are shown, a rate changed in flight is refused with the new quote, then sent again", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const base = baseURL as string;
  await registerAndVerify(page, base, newMember({ firstName: "Indah", currency: "IDR" }));
  const admin = await openAdmin(browser);
  try {
    await page.goto(paths.addBalance);
    const amount = page.getByLabel("Amount (IDR)");
    await amount.fill("100000");
    await amount.blur();
    await expect(page.getByText("The minimum deposit is 10.00 USD (162,500.00 IDR)")).toBeVisible();
    await amount.fill("243750");
    await expect(page.getByText("That is 15.00 USD at 16,250 IDR per USD.")).toBeVisible();
    await expectAccessible(page);

    // The admin changes the rate while the request is on its way: it still carries 16,250.
    const sent: unknown[] = [];
    await page.route("**/api/deposits", async (route) => {
      if (route.request().method() !== "POST") return route.continue();
      sent.push(route.request().postDataJSON());
      if (sent.length === 1) await setIdrRate(admin.request, base, "16300");
      return route.continue();
    });
    await page.getByRole("button", { name: "Create invoice" }).click();
    await expect(page.getByText(/The rate changed from 16,250 IDR per USD to 16,300 IDR per USD/)).toBeVisible();
    expect(sent[0]).toEqual({ local: { amount: "243750", currency: "IDR", rate: "16250" } });
    // Nothing was created at the old rate, and the form now quotes the new one: 243,750 / 16,300.
    const before = await (await page.request.get("/api/deposits")).json();
    expect(before.total).toBe(0);
    await expect(page.getByText("That is 14.95 USD at 16,300 IDR per USD.")).toBeVisible();
    await expect(amount).toHaveValue("243750");

    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoice-balance\/[0-9a-f-]{36}$/);
    expect(sent[1]).toEqual({ local: { amount: "243750", currency: "IDR", rate: "16300" } });
    const after = await (await page.request.get("/api/deposits")).json();
    // 243,750 IDR at 16,300 is 14.95398773006… USD: held to the microcent.
    expect(after.items.map((i: { amountMicrocents: unknown }) => microcentsOf(i.amountMicrocents))).toEqual([
      1_495_398_773n,
    ]);

    // A rate saved while the form is open reaches it live, without a reload.
    await page.goto(paths.addBalance);
    await page.getByLabel("Amount (IDR)").fill("243750");
    await expect(page.getByText("That is 14.95 USD at 16,300 IDR per USD.")).toBeVisible();
    await setIdrRate(admin.request, base, "16250");
    await expect(page.getByText("That is 15.00 USD at 16,250 IDR per USD.")).toBeVisible();

    // 500,000 IDR: the invoice names exactly that amount for the bank, the USD credit beside it.
    await page.getByLabel("Amount (IDR)").fill("500000");
    await page.getByRole("button", { name: "Create invoice" }).click();
    await page.waitForURL(/\/invoice-balance\/[0-9a-f-]{36}$/);
    const invoiceId = page.url().split("/").pop() as string;
    await expect(page.getByText(/^Transfer exactly 500,000\.00 IDR to this account/)).toBeVisible();
    const invoice = page.getByRole("region", { name: "Invoice", exact: true });
    await expect(invoice.getByText("500,000.00 IDR", { exact: true })).toBeVisible();
    await expect(invoice.getByText("Credited to your wallet: 30.77 USD at 16,250 IDR per USD")).toBeVisible();
    await expect(invoice.getByText(/about/)).toHaveCount(0);
    await expectAccessible(page);
    await page.setViewportSize(MOBILE);
    await expect(page.getByText(/^Transfer exactly 500,000\.00 IDR/)).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await screenshot(page, "idr-deposit-invoice-mobile-light");
    const proof = await page.request.post(`/api/deposits/${invoiceId}/proof`, {
      multipart: { file: { name: "receipt.png", mimeType: "image/png", buffer: makePng(480, 300, 6) } },
      headers: { origin: base },
    });
    expect(proof.status(), await proof.text()).toBe(200);
    const { reference } = (await proof.json()) as { reference: string };

    // The operator sees what the bank statement shows: the IDR amount and the rate beside the USD.
    await admin.page.goto(`${paths.adminDeposits}?status=all`);
    const card = admin.page.getByRole("listitem", { name: `Deposit ${reference}` });
    await expect(card.getByText("500,000.00 IDR", { exact: true })).toBeVisible();
    await expect(card.getByText("16,250 IDR per USD", { exact: true })).toBeVisible();
    await card.getByRole("button", { name: "Approve" }).click();
    const dialog = admin.page.getByRole("dialog", { name: "Approve this deposit?" });
    await expect(dialog).toContainText("500,000.00 IDR (30.77 USD at 16,250 IDR per USD)");
    await expectAccessible(admin.page);
    const received = dialog.getByLabel("Amount received (IDR)");
    await received.fill("500012.50");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(dialog.getByText("Does not match the amount on the invoice")).toBeVisible();
    await received.fill("500000");
    await dialog.getByRole("button", { name: "Approve" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: `Deposit ${reference} approved` })).toBeVisible();
    // 500,000 IDR at 16,250 is 30.76923076923… USD: credited to the microcent.
    expect((await walletOf(page)).wallet).toBe(3_076_923_077n);
  } finally {
    await setIdrRate(admin.request, base, "16250");
    await admin.context.close();
  }
});

test("trade and withdrawal in IDR: the stake and the withdrawal are typed in IDR and move the converted USD microcents", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(150_000);
  const base = baseURL as string;
  const member = await registerAndVerify(page, base, newMember({ firstName: "Budi", currency: "IDR" }));
  const uid = await uidOf(page.request);

  // Trade (practice money): the default stake is 10 USD in IDR; 81,250 IDR is 5.00 USD.
  await page.goto(paths.tradeFirstPair);
  const stake = page.getByLabel("Amount (IDR)");
  await expect(stake).toHaveValue("162500.00");
  await stake.fill("81250");
  await expect(page.getByText("That is 5.00 USD at 16,250 IDR per USD.")).toBeVisible();
  const demoBefore = (await walletOf(page)).demo;
  await page.getByRole("button", { name: /^Up · pays/ }).click();
  await expect(page.getByText(/Up contract placed at/)).toBeVisible();
  expect((await walletOf(page)).demo).toBe(demoBefore - fromCents(500));
  await stake.fill("1000");
  await expect(page.getByText("At least 1.00 USD (16,250.00 IDR)")).toBeVisible();

  // Withdrawal: 1,625,000 IDR is 100.00 USD; the 1 % fee and the net are shown in both.
  const admin = await openAdmin(browser);
  await adjust(admin.request, base, uid, fromCents(50_000));
  await submitKyc(page.request, base);
  await approveKyc(admin.request, base, uid);
  await admin.context.close();
  await saveBankViaUi(page, member.password);
  await page.goto(paths.withdrawal);
  const amount = page.getByLabel("Amount (IDR)");
  await amount.fill("1625000");
  await expect(page.getByText("That is 100.00 USD at 16,250 IDR per USD.")).toBeVisible();
  const summary = page.getByLabel("Withdrawal summary");
  await expect(summary.getByText(/1\.00 USD/).first()).toBeVisible();
  await expect(summary.getByText(/99\.00 USD/).first()).toBeVisible();
  await expectAccessible(page);
  await screenshot(page, "idr-withdrawal-typed-desktop-light");
  await page.setViewportSize(MOBILE);
  await expect(page.getByText("That is 100.00 USD at 16,250 IDR per USD.")).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await screenshot(page, "idr-withdrawal-typed-mobile-light");
  await page.getByRole("button", { name: "Request withdrawal" }).click();
  await page.waitForURL(/\/invoice-wd\/[0-9a-f-]{36}$/);
  expect((await walletOf(page)).wallet).toBe(fromCents(50_000 - 10_000));
  // The payout is named as asked: 1,625,000 IDR, and the 99.00 USD net at the same rate.
  const detail = page.getByRole("region", { name: "Detail" });
  await expect(detail.getByText("1,625,000.00 IDR", { exact: true })).toBeVisible();
  await expect(detail.getByText("16,250 IDR per USD", { exact: true })).toBeVisible();
  await expect(detail.getByText("1,608,750.00 IDR", { exact: true })).toBeVisible();
  await expect(detail.getByText("99.00 USD", { exact: true })).toBeVisible();
  await expectNoHorizontalOverflow(page);

  // The three forms of an IDR member in every pass (360 px and desktop, light and dark).
  await walkPasses(page, [paths.addBalance, paths.withdrawal, paths.tradeFirstPair], "idr");
});
