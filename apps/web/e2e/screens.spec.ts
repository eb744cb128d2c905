import type { Page } from "@playwright/test";
import {
  ADMIN,
  expect,
  expectAccessible,
  registerAndVerify,
  SCREEN_PASSES,
  screenshot,
  signInWithForm,
  test,
} from "./fixtures.ts";

const PUBLIC_SCREENS = ["/login", "/register", "/forgot-password", "/verify-email?email=someone%40example.test"];
const MEMBER_SCREENS = ["/", "/profile", "/update-profile", "/change-password", "/security", "/no-such-page"];

async function visit(page: Page, path: string, mode: string, viewport: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.getByRole("progressbar")).toHaveCount(0);
  const name = `${path === "/" ? "dashboard" : path.slice(1).split("?")[0]?.replaceAll("/", "-")}-${viewport}-${mode}`;
  await screenshot(page, name);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${path} overflows horizontally at ${viewport}`).toBeLessThanOrEqual(0);
  if (viewport === "desktop") await expectAccessible(page);
}

for (const { mode, viewport } of SCREEN_PASSES) {
  test.describe(`screens in ${mode} mode on ${viewport.name}`, () => {
    test.beforeEach(async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
    });

    test("signed out", async ({ page }) => {
      for (const path of PUBLIC_SCREENS) await visit(page, path, mode, viewport.name);
    });

    test("a member's", async ({ page, baseURL }) => {
      await registerAndVerify(page, baseURL as string);
      for (const path of MEMBER_SCREENS) await visit(page, path, mode, viewport.name);
    });

    test("the back office's", async ({ page }) => {
      await page.goto("/login");
      await signInWithForm(page, ADMIN.email, ADMIN.password);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await visit(page, "/admin", mode, viewport.name);
      await visit(page, "/admin/audit", mode, viewport.name);
    });
  });
}
