import type { Page } from "@playwright/test";
import { ADMIN, expect, expectAccessible, registerAndVerify, screenshot, signInWithForm, test } from "./fixtures.ts";

const VIEWPORTS = [
  { name: "desktop", width: 1280, height: 860 },
  { name: "mobile", width: 360, height: 740 },
] as const;
const MODES = ["light", "dark"] as const;

const PUBLIC_SCREENS = ["/login", "/register", "/forgot-password", "/verify-email?email=someone%40example.test"];
const MEMBER_SCREENS = [
  "/",
  "/profile",
  "/update-profile",
  "/change-password",
  "/security",
  "/wallet",
  "/add-investment",
  "/no-such-page",
];

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

for (const mode of MODES) {
  for (const viewport of VIEWPORTS) {
    test(`screens in ${mode} mode on ${viewport.name}`, async ({ page, browser, baseURL }) => {
      test.setTimeout(360_000);
      await page.setViewportSize(viewport);
      await page.addInitScript((m) => localStorage.setItem("getMode", m), mode);
      for (const path of PUBLIC_SCREENS) await visit(page, path, mode, viewport.name);
      await registerAndVerify(page, baseURL as string);
      for (const path of MEMBER_SCREENS) await visit(page, path, mode, viewport.name);

      const adminContext = await browser.newContext({ viewport });
      const admin = await adminContext.newPage();
      await admin.addInitScript((m) => localStorage.setItem("getMode", m), mode);
      await admin.goto("/login");
      await signInWithForm(admin, ADMIN.email, ADMIN.password);
      await expect(admin.getByRole("heading", { level: 1 })).toBeVisible();
      await visit(admin, "/admin", mode, viewport.name);
      await visit(admin, "/admin/audit", mode, viewport.name);
      await adminContext.close();
    });
  }
}
