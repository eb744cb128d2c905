import { paths } from "../src/lib/paths.ts";
import {
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  newMember,
  screenshot,
  signUp,
  test,
} from "./fixtures.ts";

test("the legal pages are reachable signed out from the sign-in and registration pages, at 360 px, accessible", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto(paths.login);
  const legal = page.getByRole("navigation", { name: "Legal" });
  await legal.getByRole("link", { name: "Risk disclosure" }).click();
  await page.waitForURL((url) => url.pathname === paths.riskDisclosure);
  await expect(page.getByRole("heading", { level: 1, name: "Risk disclosure" })).toBeVisible();
  await expect(page.getByText(/You can lose the whole stake of every contract you place\./)).toBeVisible();

  for (const [path, heading] of [
    [paths.terms, "Terms and conditions"],
    [paths.privacy, "Privacy notice"],
    [paths.fees, "Fee schedule"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1, name: heading })).toBeVisible();
    if (path === paths.terms) await expect(page.getByText(/^Version \d+$/)).toBeVisible();
    if (path === paths.fees) await expect(page.getByRole("rowheader", { name: "Withdrawal fee" })).toBeVisible();
    await expectNoHorizontalOverflow(page);
    await expectAccessible(page);
  }
  await screenshot(page, "legal-fees-360");

  await page.goto(paths.register);
  await expect(page.getByTestId("risk-warning")).toBeVisible();
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByText("Accept the terms to open an account")).toBeVisible();
  await expect(page.getByText("Confirm that you are 18 or older")).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Legal" }).getByRole("link", { name: "Terms" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
});

test("the trade screen's risk warning stays clear of the order bar at 360 px", async ({ page, baseURL }) => {
  await page.setViewportSize(MOBILE);
  await signUp(page, baseURL as string);
  await page.goto(paths.tradeFirstPair);
  const warning = page.getByTestId("risk-warning");
  await expect(warning).toBeVisible();
  const panel = await page.getByTestId("order-panel").boundingBox();
  const box = await warning.boundingBox();
  expect(panel && box).toBeTruthy();
  if (panel && box) expect(box.y + box.height).toBeLessThanOrEqual(panel.y);
  await expectNoHorizontalOverflow(page);
});

test("a member closes their account from /security at 360 px and can no longer sign in", async ({ page, baseURL }) => {
  await page.setViewportSize(MOBILE);
  const member = await signUp(page, baseURL as string, newMember({ firstName: "Clara" }));
  await page.goto(paths.security);
  const section = page.getByRole("region", { name: "Close your account" });
  await section.getByRole("button", { name: "Close my account" }).click();
  const dialog = page.getByRole("dialog", { name: "Close your account?" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByLabel("Your password").fill("not-the-password");
  await dialog.getByRole("button", { name: "Close my account" }).click();
  await expect(dialog.getByText("The password is not correct.")).toBeVisible();
  await dialog.getByLabel("Your password").fill(member.password);
  await dialog.getByRole("button", { name: "Close my account" }).click();
  // Every session ended with the account: the page goes to sign-in.
  await page.waitForURL((url) => url.pathname === paths.login);

  await page.getByLabel(/email or username/i).fill(member.email);
  await page.getByLabel(/^password/i).fill(member.password);
  await page.getByRole("button", { name: /sign in/i }).click();
  await expect(page.getByText("This account has been closed. Write to support if you need help.")).toBeVisible();
  await screenshot(page, "closure-sign-in-refused-360");
  expect((await page.request.get("/api/me")).status()).toBe(401);
});
