import type { Locator } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { ADMIN, expect, newMember, registerViaApi, signInWithForm, signUp, test, urlEndingWith } from "./fixtures.ts";
import { approveKyc, changeSettings, openAdmin, submitKyc, uidOf } from "./money-kit.ts";

test("a blocked member is signed out live in an open tab", async ({ page, browser, baseURL }) => {
  const member = await signUp(page, baseURL as string);
  await page.goto(paths.profile);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();

  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  await admin.goto(paths.login);
  await signInWithForm(admin, ADMIN.email, ADMIN.password);
  await admin.goto(paths.admin);
  await admin.getByLabel(/search/i).fill(member.username);
  await expect(admin).toHaveURL(new RegExp(`search=${member.username}`));
  await admin
    .getByRole("link", { name: new RegExp(member.username) })
    .first()
    .click();
  await expect(admin).toHaveURL(/\/admin\/members\//);
  await admin.getByRole("button", { name: /^block$/i }).click();
  await admin
    .getByRole("dialog")
    .getByRole("button", { name: /^block$|confirm|yes/i })
    .click();
  await expect(admin.getByText(/blocked/i).first()).toBeVisible();

  await expect(page).toHaveURL(urlEndingWith(paths.accountBlockedFor("blocked")));
  await expect(page.getByText("Your account has been blocked.")).toBeVisible();
  await page.goto(paths.profile);
  await expect(page).toHaveURL(/\/login|\/account-blocked/);
  await adminContext.close();
});

test("an admin signs in as a member, sees the banner, and exits", async ({ page, browser, baseURL }) => {
  const memberContext = await browser.newContext();
  const member = await signUp(await memberContext.newPage(), baseURL as string);
  await memberContext.close();

  await page.goto(paths.login);
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await page.goto(paths.admin);
  await page.getByLabel(/search/i).fill(member.username);
  await expect(page).toHaveURL(new RegExp(`search=${member.username}`));
  await page
    .getByRole("link", { name: new RegExp(member.username) })
    .first()
    .click();
  await expect(page).toHaveURL(/\/admin\/members\//);
  await page.getByRole("button", { name: "Sign in as member" }).click();

  await expect(page).toHaveURL(`${baseURL}${paths.dashboard}`);
  await expect(page.getByText(/support view/i)).toBeVisible();
  await expect(page.getByText(`${member.firstName} ${member.lastName}`).first()).toBeVisible();
  // The support view looks and changes nothing: money and security controls are off, with the reason.
  await page.goto(paths.dataBank);
  await expect(page.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  await expect(page.getByText("Support view: you can look, but not move money or change settings.")).toBeVisible();
  await page.goto(paths.security);
  await expect(page.getByRole("button", { name: "Enable" })).toBeDisabled();
  await page.getByRole("button", { name: "Exit" }).click();
  await expect(page).toHaveURL(/\/admin/);
  await page.goto(paths.adminAudit);
  await expect(page.getByText("member.impersonation_start").first()).toBeVisible();
});

test("an admin saves the settings: a bad value is refused on its input, a good one is kept, a stale save is refused", async ({
  browser,
}) => {
  const admin = await openAdmin(browser, { viewport: { width: 1280, height: 900 } });
  const original = await (await admin.request.get("/api/admin/settings")).json();
  try {
    await admin.page.goto(paths.adminSettings);
    // The workers' servers keep the shipped example account, which the page says is not a real one.
    await expect(admin.page.getByRole("alert").filter({ hasText: "example account Helio ships with" })).toBeVisible();
    // A rate no other spec reads: the settings are shared by the whole run.
    const rate = admin.page.getByLabel("1 USD in BND");
    await rate.fill("abc");
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect(rate).toHaveAttribute("aria-invalid", "true");

    await rate.fill("1.3675");
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    const saved = (await (await admin.request.get("/api/admin/settings")).json()) as { rateBND: string };
    expect(saved.rateBND).toBe("1.3675");
    await admin.page.reload();
    await expect(admin.page.getByLabel("1 USD in BND")).toHaveValue("1.3675");

    // Another admin saves while this page is open: this save is refused with a notice instead of
    // undoing theirs; saved again, it applies over their version and keeps their change.
    const origin = new URL(admin.page.url()).origin;
    const put = await changeSettings(admin.request, origin, { rateKRW: "1391" });
    expect(put.status(), await put.text()).toBe(200);
    await rate.fill("1.3676");
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    const notice = admin.page.getByRole("alert").filter({ hasText: "Another admin saved the settings" });
    await expect(notice).toBeVisible();
    // The notice sits above the form, the button below it: the page brings the notice into view.
    await expect(notice).toBeInViewport();
    await admin.page.getByRole("button", { name: "Save settings" }).click();
    await expect(admin.page.getByRole("status").filter({ hasText: "Saved." })).toBeVisible();
    const merged = await (await admin.request.get("/api/admin/settings")).json();
    expect(merged).toMatchObject({ rateBND: "1.3676", rateKRW: "1391" });
  } finally {
    // Only the field this spec changed, over the current revision.
    await changeSettings(admin.request, new URL(admin.page.url()).origin, {
      rateBND: original.rateBND,
      rateKRW: original.rateKRW,
    });
    await admin.context.close();
  }
});

/** The first whole number in a locator's text ("5", "5 in total; …"). */
async function numberIn(locator: Locator): Promise<number> {
  const text = (await locator.textContent()) ?? "";
  const match = text.match(/\d+/);
  expect(match, text).not.toBeNull();
  return Number(match?.[0]);
}

test("the back office reads: audit sentences, the referrer's link, the inbox card's KYC, one member count", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const referrer = await registerViaApi(request, base, newMember({ firstName: "Ada", lastName: "Byron" }));
  const member = await signUp(page, base, newMember({ referralCode: referrer.username }));
  const uid = await uidOf(page.request);
  await submitKyc(page.request, base);
  const admin = await openAdmin(browser, { viewport: { width: 1280, height: 900 } });
  await approveKyc(admin.request, base, uid);
  const fullName = `${member.firstName} ${member.lastName}`;

  // Block and unblock with a reason: the member's audit trail says so in words, the key beside it.
  await admin.page.goto(paths.adminMember(uid));
  await admin.page.getByRole("button", { name: "Block", exact: true }).click();
  let dialog = admin.page.getByRole("dialog");
  await dialog.getByLabel("Reason (optional)").fill("e2e spam check");
  await dialog.getByRole("button", { name: "Block", exact: true }).click();
  await expect(admin.page.getByText("Done: block.")).toBeVisible();
  await admin.page.getByRole("button", { name: "Unblock", exact: true }).click();
  dialog = admin.page.getByRole("dialog");
  await dialog.getByRole("button", { name: "Unblock", exact: true }).click();
  await expect(admin.page.getByText("Done: unblock.")).toBeVisible();
  const trail = admin.page.getByRole("table", { name: `Audit trail of ${fullName}` });
  await expect(trail.getByText("Blocked the member (was active): reason “e2e spam check”")).toBeVisible();
  await expect(trail.getByText("Unblocked the member (was blocked)")).toBeVisible();
  await expect(trail.getByText("Approved the KYC (was pending)")).toBeVisible();
  await expect(trail.getByText("member.block", { exact: true })).toBeVisible();

  // The referrer by name, a link to their page.
  // (The upline list further down links the same member again.)
  const referrerLink = admin.page
    .locator("dt", { hasText: "Referred by" })
    .locator("+ dd")
    .getByRole("link", { name: `Ada Byron (@${referrer.username})` });
  await expect(referrerLink).toBeVisible();
  await admin.page.getByRole("button", { name: "Message this member" }).click();
  await expect(admin.page).toHaveURL(/\/admin\/inbox\//);
  const card = admin.page.getByRole("region", { name: "Member", exact: true });
  await expect(card.getByText("Approved", { exact: true })).toBeVisible();
  await expect(card.getByText("not available", { exact: false })).toHaveCount(0);
  await admin.page.goto(paths.adminMember(uid));
  await referrerLink.click();
  await expect(admin.page.getByRole("heading", { level: 1, name: "Ada Byron" })).toBeVisible();

  // One definition of a member: the dashboard's figure, stated, is the Members page's total.
  await admin.page.goto(paths.adminDashboard);
  const members = admin.page.getByRole("region", { name: "Members", exact: true });
  await expect(members.getByText("Every account but admins; blocked and banned count")).toBeVisible();
  const counted = await numberIn(members.locator("dd").first());
  await admin.page.goto(paths.admin);
  const subtitle = admin.page.getByText(/in total; admins are not listed/);
  await expect(subtitle).toBeVisible();
  expect(await numberIn(subtitle)).toBe(counted);
  await expect(admin.page.getByRole("table", { name: "Members", exact: true }).getByText(ADMIN.email)).toHaveCount(0);
  await admin.context.close();
});
