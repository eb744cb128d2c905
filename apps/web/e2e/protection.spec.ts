import { fromCents } from "@helio/shared";
import { paths } from "../src/lib/paths.ts";
import { expect, expectAccessible, MOBILE, newMember, signUp, test } from "./fixtures.ts";
import { openAdmin, uidOf } from "./money-kit.ts";
import { walkPasses } from "./screen-walk.ts";

test("a member reaches their limits from the profile and the security page, lowers one at once, sees a raise wait its cooling-off, and takes a timeout that closes deposits until its end", async ({
  page,
  baseURL,
}) => {
  const base = baseURL as string;
  const member = await signUp(page, base, newMember({ firstName: "Lena" }));

  await page.goto(paths.security);
  await page.getByRole("region", { name: "Trading limits" }).getByRole("link", { name: "Set your limits" }).click();
  await page.waitForURL((url) => url.pathname === paths.limits);
  await page.goto(paths.profile);
  await page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Limits" }).click();
  await page.waitForURL((url) => url.pathname === paths.limits);
  await expect(page.getByRole("heading", { level: 1, name: "Limits" })).toBeVisible();

  const largest = page.getByRole("region", { name: "Largest stake of one contract" });
  await expect(largest.getByText("No limit")).toBeVisible();
  await largest.getByLabel("New limit").fill("abc");
  await largest.getByRole("button", { name: "Save" }).click();
  await expect(largest.getByText("Enter an amount in USD, at least 0.01")).toBeVisible();

  await largest.getByLabel("New limit").fill("15");
  await largest.getByRole("button", { name: "Save" }).click();
  await expect(largest.getByText("15.00 USD", { exact: true })).toBeVisible();

  // A raise waits 24 hours: the limit in force stays, the page says until when.
  await largest.getByLabel("New limit").fill("40");
  await largest.getByRole("button", { name: "Save" }).click();
  await expect(largest.getByText(/^Rises to 40\.00 USD on .+, after the 24-hour cooling-off\.$/)).toBeVisible();
  await expect(largest.getByText("15.00 USD", { exact: true })).toBeVisible();

  const open = page.getByRole("region", { name: "Open contracts at once" });
  await open.getByLabel("New limit").fill("3");
  await open.getByRole("button", { name: "Save" }).click();
  await expect(open.getByText("3 contracts", { exact: true })).toBeVisible();
  await expect(open.getByText(/Used: 0 contracts · Left: 3 contracts/)).toBeVisible();

  // The switch shows what the server holds: it turns on once the answer is in.
  const free = page.getByRole("switch", { name: "Apply my limits to Free (practice) money too" });
  await free.click();
  await expect(free).toBeChecked();
  // The server holds it: a Free stake above the largest stake is refused.
  const refused = await page.request.post("/api/trades", {
    data: { symbol: "BTC", direction: "up", amount: "20.00", durationSeconds: 60 },
    headers: { origin: base },
  });
  expect(refused.status(), await refused.text()).toBe(409);
  expect((await refused.json()).error.code).toBe("LIMIT_REACHED");

  // A timeout, confirmed with the password: the page and the deposit screen name its end.
  const rest = page.getByRole("region", { name: "Take a break" });
  await rest.getByLabel("Your password").fill("not-the-password");
  await rest.getByRole("button", { name: "Start the break" }).click();
  await expect(rest.getByText("The password is not correct.")).toBeVisible();
  await rest.getByLabel("Your password").fill(member.password);
  await rest.getByRole("button", { name: "Start the break" }).click();
  await expect(rest.getByText(/^You are on a timeout until .+\.$/)).toBeVisible();
  const deposit = await page.request.post("/api/deposits", { data: { amount: "50.00" }, headers: { origin: base } });
  expect(deposit.status(), await deposit.text()).toBe(403);
  await page.goto(paths.addBalance);
  await expect(
    page.getByText(/^You are on a timeout until .+: no Real trades, deposits or packages until then\.$/),
  ).toBeVisible();

  await page.setViewportSize(MOBILE);
  await expectAccessible(page);
  await walkPasses(page, [paths.limits, paths.security, paths.profile, paths.addBalance], "protection");
});

test("an admin sees a member's limits and break on the member page and lifts the break early with a reason", async ({
  page,
  browser,
  baseURL,
}) => {
  const base = baseURL as string;
  const member = await signUp(page, base, newMember({ firstName: "Omar" }));
  const headers = { origin: base };
  expect(
    (
      await page.request.put("/api/protection/limits", {
        data: { limit: "stakeMax", value: String(fromCents(2500)) },
        headers,
      })
    ).status(),
  ).toBe(200);
  const taken = await page.request.post("/api/protection/break", {
    data: { kind: "exclusion", months: 6, password: member.password },
    headers,
  });
  expect(taken.status(), await taken.text()).toBe(201);
  const uid = await uidOf(page.request);

  const admin = await openAdmin(browser);
  await admin.page.goto(paths.adminMember(uid));
  const section = admin.page.getByRole("region", { name: "Limits and breaks" });
  await expect(section.getByText(/^Self-excluded until .+ \(since .+\)$/)).toBeVisible();
  await expect(section.getByText("25.00 USD")).toBeVisible();
  await expectAccessible(admin.page);
  await section.getByRole("button", { name: "Lift early" }).click();
  const dialog = admin.page.getByRole("dialog", { name: /Lift the break of/ });
  await dialog.getByLabel("Reason").fill("Confirmed with the member by phone; compliance agreed");
  await dialog.getByRole("button", { name: "Lift the break" }).click();
  await expect(section.getByText("No timeout or self-exclusion in force.")).toBeVisible();
  await expect(admin.page.getByText(/Lifted the member's self-exclusion early: reason/)).toBeVisible();
  await admin.page.setViewportSize(MOBILE);
  await expectAccessible(admin.page);
  await admin.context.close();
});
