import { fromCents } from "@helio/shared";
import type { Browser, Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import {
  acceptTermsAndAge,
  expect as baseExpect,
  mailLink,
  newMember,
  registerViaApi,
  screenshot,
  signUp,
  test,
  urlEndingWith,
} from "./fixtures.ts";
import { adjust, changeSettings, openAdmin, topBarBalance, uidOf } from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

/**
 * Investments, funds and referrals end to end: the admin shortens the accrual period, member A registers through member
 * B's link, buys a package from the wallet, sees profit arrive live and moves it to the wallet;
 * B earns the level-1 commission and sees A in the network.
 */

const PERIOD_SECONDS = 10;
// The machine is shared with other suites: screens may take long to answer under load.
const expect = baseExpect.configure({ timeout: 45_000 });

async function registerThroughLink(page: Page, referrer: string) {
  const member = newMember({ firstName: "Ada", lastName: "Lovelace" });
  await page.goto(paths.registerWithReferral(referrer));
  await expect(page.getByLabel(/referral code/i)).toHaveValue(referrer);
  await page.getByLabel(/first name/i).fill(member.firstName);
  await page.getByLabel(/last name/i).fill(member.lastName);
  await page.getByLabel(/username/i).fill(member.username);
  await page.getByLabel(/^email/i).fill(member.email);
  await page.getByLabel(/^password/i).fill(member.password);
  await acceptTermsAndAge(page);
  await page.getByRole("button", { name: /create account/i }).click();
  await expect(page.getByRole("button", { name: /resend/i })).toBeVisible();
  await page.goto(await mailLink(page.request, member.email, /verify/i));
  await expect(page.getByRole("heading", { level: 1, name: /Hello, Ada/ })).toBeVisible();
  return member;
}

test("a referred member invests, profit arrives live and moves to the wallet; the referrer earns", async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const origin = baseURL as string;
  const admin = await openAdmin(browser);
  // The settings belong to the worker's server, which later tests share: with a 10 s period left
  // behind, their investments accrue while they check a screen (the "All" button turning enabled
  // under axe failed a walk in CI).
  const original = (await (await admin.request.get("/api/admin/settings")).json()) as {
    investmentPeriodSeconds: number;
  };
  try {
    // The admin shortens the accrual period so that profit arrives within seconds.
    await admin.page.goto(paths.adminSettings);
    const period = admin.page.getByLabel("Accrual period (seconds)");
    await expect(period).toBeVisible();
    await period.fill(String(PERIOD_SECONDS));
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.page.getByText("Saved. Members see the new values at once.")).toBeVisible();

    // Member B, the referrer.
    const bContext = await browser.newContext();
    const bPage = await bContext.newPage();
    const b = await signUp(bPage, origin);

    // Member A registers through B's link and gets wallet money.
    const a = await registerThroughLink(page, b.username);
    await adjust(admin.request, origin, await uidOf(page.request), fromCents(50_000));
    await expect(topBarBalance(page)).toContainText("500.00 USD");

    // The packages, then the Starter package with a live preview.
    await page.goto(paths.investment);
    await expect(page.getByRole("heading", { level: 1, name: "Investment" })).toBeVisible();
    await page.getByRole("link", { name: "Invest in Starter" }).click();
    await expect(page).toHaveURL(urlEndingWith(paths.addInvestmentOne("starter")));
    const amount = page.getByLabel("Amount (USD)");
    await amount.fill("50");
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByText("At least 100.00 USD")).toBeVisible();
    await amount.fill("200");
    const preview = page.getByRole("definition").filter({ hasText: "USD" });
    await expect(page.getByLabel("Investment preview")).toContainText("1.00 USD"); // 0.50 % of 200.00
    await expect(page.getByLabel("Investment preview")).toContainText("30.00 USD"); // 30 periods
    await expect(page.getByLabel("Investment preview")).toContainText("230.00 USD"); // with the capital
    expect(await preview.count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Confirm" }).click();

    // The invoice, then the first accrual arrives live (toast, progress, profit fund, top bar untouched).
    await expect(page).toHaveURL(/\/invoice\/[^/]+$/);
    await expect(page.getByRole("heading", { level: 1, name: "Investment invoice" })).toBeVisible();
    await expect(topBarBalance(page)).toContainText("300.00 USD");
    const schedule = page.getByRole("table", { name: "Schedule" });
    await expect(schedule.getByRole("row")).toHaveCount(31);
    await expect(page.getByTestId("accrued-toast")).toContainText("Profit credited: 1.00 USD", {
      timeout: (PERIOD_SECONDS + 20) * 1000,
    });
    await expect(page.getByText(/[1-9]\d* of 30 periods paid/)).toBeVisible();

    // The unknown package and another member's invoice are not found.
    const invoiceUrl = page.url();
    await page.goto(paths.addInvestmentOne("no-such-package"));
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await bPage.goto(new URL(invoiceUrl).pathname);
    await expect(bPage.getByRole("heading", { name: "Page not found" })).toBeVisible();

    // The profit fund shows it; "All" moves it to the wallet.
    await page.goto(paths.fundsProfit);
    await expect(page.getByTestId("fund-balance")).not.toContainText(/^0\.00/);
    await expect(page.getByRole("table", { name: "Funds Profit history" })).toContainText("1.00 USD");
    await page.goto(paths.withdrawalProfit);
    await expect(page.getByTestId("fund-balance")).not.toHaveText("0.00 USD");
    await page.getByRole("button", { name: /^All/ }).click();
    await page.getByRole("button", { name: "Move to wallet" }).click();
    await expect(page.getByRole("status").filter({ hasText: "moved to your wallet" })).toBeVisible();
    await expect(page.getByRole("table", { name: "Past moves" }).getByRole("row")).toHaveCount(2);
    await expect(topBarBalance(page)).not.toContainText("300.00 USD");

    // B earned 5 % of 200.00 on the bonus fund and sees A on level 1 of the network.
    await bPage.goto(paths.fundsBonus);
    await expect(bPage.getByTestId("fund-balance")).toHaveText("10.00 USD");
    await expect(bPage.getByRole("table", { name: "Funds Bonus history" })).toContainText("+10.00 USD");
    await bPage.goto(paths.referrals);
    await expect(bPage.getByTestId("level-1-members")).toHaveText("1");
    const level1 = bPage.getByRole("table", { name: "Level 1 members" });
    await expect(level1).toContainText(`${a.firstName} ${a.lastName}`);
    await expect(level1).toContainText("200.00 USD");
    await expect(level1).not.toContainText(a.email);
    await expect(bPage.getByRole("img", { name: /QR code of your referral link/ })).toBeVisible();

    await bContext.close();
  } finally {
    await changeSettings(admin.request, origin, { investmentPeriodSeconds: original.investmentPeriodSeconds });
    await admin.context.close();
  }
});

test("the back office manages packages and lists investments", async ({ browser }) => {
  const admin = await openAdmin(browser);
  const page = admin.page;
  const slug = `e2e-${Date.now().toString(36)}`;

  await page.goto(paths.adminPackages);
  await expect(page.getByRole("table", { name: "Packages" })).toContainText("starter");
  await page.getByRole("button", { name: "New package" }).click();
  const dialog = page.getByRole("dialog", { name: "New package" });
  await dialog.getByLabel("Name").fill("E2E Silver");
  await dialog.getByLabel("Slug").fill("Not A Slug");
  await dialog.getByRole("button", { name: "Save package" }).click();
  await expect(dialog.getByText("Lowercase letters, digits and single hyphens, e.g. gold-30")).toBeVisible();
  await dialog.getByLabel("Slug").fill(slug);
  await dialog.getByLabel("Rate per period").fill("2.5");
  await dialog.getByRole("button", { name: "Save package" }).click();
  await expect(dialog).toBeHidden();
  const row = page.getByRole("row").filter({ hasText: slug });
  await expect(row).toContainText("2.50 %");
  await page.getByRole("button", { name: "Deactivate E2E Silver" }).click();
  await expect(row).toContainText("Inactive");
  // Nobody invested in it yet: the slug may still change. An edit is saved and shown.
  await page.getByRole("button", { name: "Edit E2E Silver" }).click();
  const edit = page.getByRole("dialog", { name: "Edit E2E Silver" });
  await expect(edit.getByLabel("Slug")).toBeEnabled();
  await edit.getByLabel("Rate per period").fill("3.25");
  await edit.getByRole("button", { name: "Save package" }).click();
  await expect(edit).toBeHidden();
  await expect(row).toContainText("3.25 %");
  await expect(row).toContainText("Inactive");

  // An inactive package is not on offer: its page is not found for members.
  await page.goto(paths.addInvestmentOne(slug));
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();

  await page.goto(paths.adminInvestments);
  await expect(page.getByText(/\d+ investments · invested/)).toBeVisible();
  await page.goto(paths.adminDashboard);
  await expect(page.getByRole("region", { name: "Investments" })).toContainText("Capital due in 7 days");

  await admin.context.close();
});

/** B refers A; A buys the Starter package through the API (the flow itself is the first test's). */
async function investorAndReferrer(page: Page, browser: Browser, origin: string) {
  const admin = await openAdmin(browser);
  const bContext = await browser.newContext();
  const bPage = await bContext.newPage();
  const b = await signUp(bPage, origin);
  const a = await registerViaApi(page.request, origin, newMember({ firstName: "Ada", referralCode: b.username }));
  await page.goto(await mailLink(page.request, a.email, /verify/i));
  await expect(page.getByRole("heading", { level: 1, name: /Hello, Ada/ })).toBeVisible();
  await adjust(admin.request, origin, await uidOf(page.request), fromCents(50_000));
  const bought = await page.request.post("/api/investments", {
    data: { slug: "starter", amount: "200.00" },
    headers: { origin },
  });
  baseExpect(bought.status(), await bought.text()).toBe(201);
  const { investment } = (await bought.json()) as { investment: { id: string } };
  return { admin, bPage, bContext, investment };
}

test("the back office sees both ends of a referral and the member's investment; an invoice prints alone", async ({
  page,
  browser,
  baseURL,
}) => {
  const { admin, bPage, bContext, investment } = await investorAndReferrer(page, browser, baseURL as string);
  const [aUid, bUid] = [await uidOf(page.request), await uidOf(bPage.request)];
  const { reference } = (await (await page.request.get(`/api/investments/${investment.id}`)).json()) as {
    reference: string;
  };

  await admin.page.goto(paths.adminMember(aUid));
  const aNetwork = admin.page.getByRole("region", { name: "Referral network" });
  await expect(aNetwork.getByRole("listitem")).toHaveCount(1);
  await expect(aNetwork.getByRole("listitem")).toContainText("Level 1:");
  await expect(admin.page.getByRole("table", { name: /^Investments of Ada/ })).toContainText(reference);

  // B's side: one member on level 1 who invested 200.00, and B's 5 % commission on it.
  await admin.page.goto(paths.adminMember(bUid));
  const bNetwork = admin.page.getByRole("region", { name: "Referral network" });
  await expect(bNetwork).toContainText("registered without a referrer");
  await expect(bNetwork).toContainText(/Level 1 downline\s*1 members · 200\.00 USD/);
  await expect(bNetwork).toContainText(/Commissions earned\s*1 · 10\.00 USD/);
  await bContext.close();
  await admin.context.close();

  // Printed, the invoice stands alone: no bars, menus, chat button or page buttons.
  await page.goto(paths.invoiceOne(investment.id));
  await expect(page.getByText(reference).first()).toBeVisible();
  await expect(page.getByRole("button", { name: "Print" })).toBeVisible();
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("button", { name: "Print" })).toBeHidden();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(page.getByText(reference).first()).toBeVisible();
  await screenshot(page, "investments-invoice-print");
});

// The dashboard and profile are walked by screens.spec.ts and money-screens.spec.ts too, but here
// they show an active investment.
test("the investor's screens, light and dark, on the desktop and at 360 px", async ({ page, browser, baseURL }) => {
  const { admin, bContext, investment } = await investorAndReferrer(page, browser, baseURL as string);
  await bContext.close();
  await admin.context.close();
  const screens = [
    paths.dashboard,
    paths.investment,
    paths.addInvestment,
    paths.addInvestmentOne("starter"),
    paths.invoice,
  ];
  screens.push(paths.invoiceOne(investment.id), paths.fundsProfit, paths.withdrawalProfit);
  await walkPasses(page, screens, "investments");
});

test("the referrer's investment screens, light and dark, on the desktop and at 360 px", async ({
  page,
  browser,
  baseURL,
}) => {
  const { admin, bPage, bContext } = await investorAndReferrer(page, browser, baseURL as string);
  await admin.context.close();
  await walkPasses(bPage, [paths.fundsBonus, paths.withdrawalBonus, paths.referrals], "investments-referrer");
  await bContext.close();
});

test("the back office's investment screens, light and dark, on the desktop and at 360 px", async ({
  page,
  browser,
  baseURL,
}) => {
  const { admin, bContext } = await investorAndReferrer(page, browser, baseURL as string);
  await bContext.close();
  await walkPasses(admin.page, [paths.adminPackages, paths.adminInvestments], "investments-admin");
  await admin.context.close();
});
