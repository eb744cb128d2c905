import { API, fromCents } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import { DESKTOP, expect, expectAccessible, MOBILE, screenshot, signUp, test } from "./fixtures.ts";
import { adjust, adminRequests, uidOf } from "./money-kit.ts";

test("a member trading Real money meets the reality check in both tabs; acknowledging it in one closes it in the other, and the limits page lists every limit live", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const headers = { origin: base };
  await signUp(page, base);
  const uid = await uidOf(page.request);
  const admin = await adminRequests(browser);
  await adjust(admin.request, base, uid, fromCents(10_000));
  const real = await admin.request.put(API.adminMemberTrading(uid), { data: { userTrading: true }, headers });
  expect(real.status(), await real.text()).toBe(200);
  await admin.context.close();

  // Every 10 seconds (the test server allows intervals of seconds), and a Real contract open for an hour.
  const interval = await page.request.put(API.protectionRealityInterval, { data: { minutes: 10 / 60 }, headers });
  expect(interval.status(), await interval.text()).toBe(200);
  const placed = await page.request.post(API.trades, {
    data: { symbol: "BTC", direction: "up", amount: "12.50", durationSeconds: 3600 },
    headers,
  });
  expect(placed.status(), await placed.text()).toBe(201);

  await page.goto(paths.dashboard);
  const second = await page.context().newPage();
  await second.goto(paths.dashboard);
  const first = page.getByRole("dialog", { name: "Reality check" });
  const other = second.getByRole("dialog", { name: "Reality check" });
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(other).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("dialog")).toHaveCount(1);
  await expect(first).toContainText("Contracts1");
  await expect(first).toContainText("Total stakes12.50 USD");
  await expect(first).toContainText("Net result-12.50 USD");
  await page.setViewportSize(MOBILE);
  await expectAccessible(page);
  // On the desktop, and in dark mode at both sizes (contrast: the markup is the light pass's).
  await page.setViewportSize(DESKTOP);
  await expectAccessible(page);
  await page.evaluate(() => localStorage.setItem("getMode", "dark"));
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mode", "dark");
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expectAccessible(page, { contrastOnly: true });
  await page.setViewportSize(MOBILE);
  await expectAccessible(page, { contrastOnly: true });
  await screenshot(page, "reality-check-mobile-dark");

  // Acknowledged in the second tab: the first closes too; ten seconds on, both show the next.
  await other.getByRole("button", { name: "Continue" }).click();
  await expect(other).toBeHidden();
  await expect(first).toBeHidden();
  await expect(first).toBeVisible({ timeout: 30_000 });
  await expect(other).toBeVisible({ timeout: 30_000 });

  // "Take a break" leads to the timeout choice and closes the check in the other tab.
  await first.getByRole("link", { name: "Take a break" }).click();
  await page.waitForURL((url) => url.pathname === paths.limits && url.hash === "#take-a-break");
  await expect(other).toBeHidden();
  await expect(page.getByRole("region", { name: "Take a break" })).toBeVisible();

  // No further check while the page is read: the longest interval at once, then another from the page.
  const longest = await page.request.put(API.protectionRealityInterval, { data: { minutes: 120 }, headers });
  expect(longest.status(), await longest.text()).toBe(200);
  const reality = page.getByRole("region", { name: "Reality check" });
  await expect(reality.getByText("The check comes every 120 minutes.")).toBeVisible();
  await reality.getByRole("combobox", { name: "Remind me" }).click();
  await page.getByRole("option", { name: "every 90 minutes" }).click();
  await reality.getByRole("button", { name: "Save" }).click();
  await expect(reality.getByText("The check comes every 90 minutes.")).toBeVisible();

  const limits = page.getByRole("region", { name: "Account limits" });
  const helio = limits.getByRole("list", { name: "Set by Helio" });
  await expect(helio.getByRole("listitem").filter({ hasText: "Open contracts at once" })).toContainText(
    "Used: 1 contract · Left: 19 contracts",
  );
  // A second contract, placed elsewhere: the list follows without a reload.
  const again = await second.request.post(API.trades, {
    data: { symbol: "BTC", direction: "down", amount: "5.00", durationSeconds: 3600 },
    headers,
  });
  expect(again.status(), await again.text()).toBe(201);
  await expect(helio.getByRole("listitem").filter({ hasText: "Open contracts at once" })).toContainText(
    "Used: 2 contracts · Left: 18 contracts",
  );
  await expect(limits.getByText("You have set no limits of your own.")).toBeVisible();
  await expectAccessible(page);
});
