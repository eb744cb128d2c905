import { paths } from "../src/lib/paths.ts";
import { ADMIN, expect, signInWithForm, signUp, test } from "./fixtures.ts";
import { walkPasses } from "./screen-walk.ts";

const PUBLIC_SCREENS = [
  paths.login,
  paths.register,
  paths.forgotPassword,
  paths.verifyEmailFor("someone@example.test"),
];
const MEMBER_SCREENS = [
  paths.dashboard,
  paths.profile,
  paths.updateProfile,
  paths.changePassword,
  paths.security,
  "/no-such-page",
];

test("screens signed out, light and dark, on the desktop and at 360 px", async ({ page }) => {
  await walkPasses(page, PUBLIC_SCREENS, "screen");
});

test("a member's screens, light and dark, on the desktop and at 360 px", async ({ page, baseURL }) => {
  await signUp(page, baseURL as string);
  await walkPasses(page, MEMBER_SCREENS, "screen");
});

test("the back office's screens, light and dark, on the desktop and at 360 px", async ({ page }) => {
  await page.goto(paths.login);
  await signInWithForm(page, ADMIN.email, ADMIN.password);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await walkPasses(page, [paths.admin, paths.adminAudit], "screen");
});
