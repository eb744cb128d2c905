import { fromCents } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  mailLink,
  newMember,
  PASSWORD,
  registerViaApi,
  screenshot,
  signInWithForm,
  test,
} from "./fixtures.ts";
import { microcentsOf, openAdmin } from "./money-kit.ts";

test("an owner invites a support member, who chooses a password and sees only support's part at 360 px", async ({
  browser,
  baseURL,
}) => {
  const owner = await openAdmin(browser, { viewport: { width: 1280, height: 860 } });
  const member = newMember();
  await registerViaApi(owner.request, baseURL as string, member);
  const invited = newMember();

  await owner.page.goto(paths.adminStaff);
  await expect(owner.page.getByRole("heading", { level: 1, name: "Staff" })).toBeVisible();
  await owner.page.getByRole("button", { name: "Invite staff" }).click();
  const dialog = owner.page.getByRole("dialog", { name: "Invite staff" });
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(dialog.getByText("Choose at least one role")).toBeVisible();
  await dialog.getByLabel("Email").fill(invited.email);
  await dialog.getByLabel("First name").fill(invited.firstName);
  await dialog.getByLabel("Last name").fill(invited.lastName);
  await dialog.getByRole("checkbox", { name: /^Support/ }).check();
  await expectAccessible(owner.page);
  await dialog.getByRole("button", { name: "Send invitation" }).click();
  await expect(
    owner.page.getByRole("status").filter({ hasText: `Invitation sent to ${invited.email}.` }),
  ).toBeVisible();
  const row = owner.page.getByRole("row").filter({ hasText: invited.email });
  await expect(row).toContainText("Support");
  await expect(row).toContainText("Invited");
  await expectAccessible(owner.page);
  await screenshot(owner.page, "staff-owner-desktop");

  // The invitation's link chooses the password; then the back office shows support's part only.
  const context = await browser.newContext({ viewport: { width: MOBILE.width, height: MOBILE.height } });
  const page = await context.newPage();
  await page.goto(await mailLink(page.request, invited.email, /invited to Helio's back office/));
  await page.getByLabel("New password", { exact: true }).fill(PASSWORD);
  await page.getByLabel("Confirm new password").fill(PASSWORD);
  await page.getByRole("button", { name: "Set new password" }).click();
  await page.getByRole("link", { name: "Go to sign in" }).click();
  await signInWithForm(page, invited.email, PASSWORD);

  await page.goto(paths.admin);
  const nav = page.getByRole("navigation", { name: "Admin" });
  await expect(nav.getByRole("link", { name: "Inbox" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Members" })).toBeVisible();
  for (const hidden of ["Deposits", "Withdrawals", "KYC", "Settings", "Packages", "Ledger", "Audit log", "Staff"])
    await expect(nav.getByRole("link", { name: hidden, exact: true })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "staff-support-members-mobile");

  await page.getByLabel(/search/i).fill(member.username);
  await page
    .getByRole("link", { name: new RegExp(member.username) })
    .first()
    .click();
  await expect(page.getByRole("heading", { name: "Balances" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Sign in as member" })).toBeVisible();
  for (const hidden of ["Block", "Ban", "Adjust balance", "Switch to Real"])
    await expect(page.getByRole("button", { name: hidden, exact: true })).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Audit trail" })).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "staff-support-member-mobile");

  // A page outside the roles says so, rather than failing on every request.
  await page.goto(paths.adminDeposits);
  await expect(page.getByText("This page is not part of your roles (Support).")).toBeVisible();
  await expectAccessible(page);

  // The owner sees the invitation accepted, and disables the account: the back office closes.
  await owner.page.reload();
  await expect(owner.page.getByRole("row").filter({ hasText: invited.email })).toContainText("Active");
  await owner.page.getByRole("button", { name: `Disable ${invited.firstName} ${invited.lastName}` }).click();
  await owner.page.getByRole("dialog").getByRole("button", { name: "Disable" }).click();
  await expect(owner.page.getByRole("row").filter({ hasText: invited.email })).toContainText("Disabled");
  await page.goto(paths.admin);
  await expect(page).toHaveURL(/\/login/);
  await context.close();
  await owner.context.close();
});

test("a large adjustment waits in the Adjustments queue until a second approver pays it, at 360 px", async ({
  browser,
  baseURL,
}) => {
  const owner = await openAdmin(browser, { viewport: { width: MOBILE.width, height: MOBILE.height } });
  const member = newMember();
  await registerViaApi(owner.request, baseURL as string, member);
  const origin = baseURL as string;
  const found = await (await owner.request.get(`/api/admin/members?search=${member.username}`)).json();
  const uid = found.items[0].uid as string;
  const settings = await (await owner.request.get("/api/admin/settings")).json();
  // A cent above the amount that needs a second approver.
  const large = microcentsOf(settings.adjustmentSecondApprovalMicrocents) + fromCents(1);
  const asked = await owner.request.post(`/api/admin/members/${uid}/adjust`, {
    data: { account: "bonus", amountMicrocents: String(large), reason: "Launch bonus" },
    headers: { origin },
  });
  expect(asked.status()).toBe(202);

  // The one who asked may not approve it: the queue offers them Reject only.
  await owner.page.goto(paths.adminAdjustments);
  const card = owner.page.getByRole("listitem", { name: `Adjustment of ${member.firstName} ${member.lastName}` });
  await expect(card.getByText("You asked for it")).toBeVisible();
  await expect(card.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expect(card.getByRole("button", { name: "Reject" })).toBeVisible();
  await expectNoHorizontalOverflow(owner.page);
  await expectAccessible(owner.page);
  await screenshot(owner.page, "adjustments-requester-mobile");

  // A finance member, invited and signed in, gives the second approval: the bonus is paid.
  const finance = newMember();
  const invited = await owner.request.post("/api/admin/staff/invitations", {
    data: { email: finance.email, firstName: finance.firstName, lastName: finance.lastName, roles: ["finance"] },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext({ viewport: { width: MOBILE.width, height: MOBILE.height } });
  const page = await context.newPage();
  const token = new URL(await mailLink(page.request, finance.email, /invited/)).searchParams.get("token");
  const chosen = await page.request.post("/api/auth/reset-password", {
    data: { token, newPassword: PASSWORD },
    headers: { origin },
  });
  expect(chosen.status()).toBe(200);
  await page.goto(paths.login);
  await signInWithForm(page, finance.email, PASSWORD);
  await page.goto(paths.adminAdjustments);
  const theirs = page.getByRole("listitem", { name: `Adjustment of ${member.firstName} ${member.lastName}` });
  await theirs.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Approve" }).click();
  await expect(page.getByRole("status").filter({ hasText: "the money moved" })).toBeVisible();
  await expect(theirs).toHaveCount(0);
  await expectAccessible(page);
  const money = await (await owner.request.get(`/api/admin/members/${uid}/money`)).json();
  expect(microcentsOf(money.balances.bonus)).toBe(large);
  await context.close();
  await owner.context.close();
});

test("the trading desk sees the house's exposure and sets a pair's cap, at 360 px", async ({ browser, baseURL }) => {
  const origin = baseURL as string;
  const owner = await openAdmin(browser);
  const desk = newMember();
  const invited = await owner.request.post("/api/admin/staff/invitations", {
    data: { email: desk.email, firstName: desk.firstName, lastName: desk.lastName, roles: ["trading_desk"] },
    headers: { origin },
  });
  expect(invited.status()).toBe(201);
  const context = await browser.newContext({ viewport: { width: MOBILE.width, height: MOBILE.height } });
  const page = await context.newPage();
  const token = new URL(await mailLink(page.request, desk.email, /invited/)).searchParams.get("token");
  expect(
    (
      await page.request.post("/api/auth/reset-password", {
        data: { token, newPassword: PASSWORD },
        headers: { origin },
      })
    ).status(),
  ).toBe(200);
  const settings = await (await owner.request.get("/api/admin/settings")).json();
  try {
    await page.goto(paths.login);
    await signInWithForm(page, desk.email, PASSWORD);
    await page.goto(paths.adminTrading);
    // On a phone the table's rows are cards: found by their place, not by the table role.
    const btc = page
      .getByRole("region", { name: "House exposure per pair" })
      .locator("tbody tr")
      .filter({ hasText: "BTC/USDT" });
    await expect(btc).toContainText("None");
    await page.getByLabel("BTC cap").fill("2500");
    await page.getByRole("button", { name: "Save trading settings" }).click();
    await expect(page.getByText("Trading settings saved.")).toBeVisible();
    await expect(btc).toContainText("2,500.00");
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
    await screenshot(page, "trading-desk-exposure-mobile");
  } finally {
    const current = await (await owner.request.get("/api/admin/settings")).json();
    await owner.request.put("/api/admin/settings", {
      data: { ...current, tradeExposureCapMicrocents: settings.tradeExposureCapMicrocents },
      headers: { origin },
    });
    await context.close();
    await owner.context.close();
  }
});
