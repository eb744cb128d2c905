import type { Page } from "@playwright/test";
import { THEME_STORAGE_KEY } from "../src/app/brand.ts";
import { paths } from "../src/lib/paths.ts";
import {
  DESKTOP,
  expect,
  expectAccessible,
  expectNoHorizontalOverflow,
  MOBILE,
  registerAndVerify,
  screenshot,
  test,
} from "./fixtures.ts";

async function expectDocumentLanguage(page: Page, lang: string, dir: "ltr" | "rtl") {
  await expect(page.locator("html")).toHaveAttribute("lang", lang);
  await expect(page.locator("html")).toHaveAttribute("dir", dir);
}

/** Dark mode, as a member who chose it earlier on this device: the page is opened again in it. */
async function reopenInDarkMode(page: Page) {
  await page.evaluate((key) => window.localStorage.setItem(key, "dark"), THEME_STORAGE_KEY);
  await page.reload();
  await expect(page.locator("html")).toHaveAttribute("data-mode", "dark");
}

test("the sign-in page in Arabic: right to left, translated, kept on the device, at 360 px light and dark", async ({
  page,
}) => {
  await page.setViewportSize(MOBILE);
  await page.goto(paths.login);
  await expectDocumentLanguage(page, "en", "ltr");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign in");

  await page.getByRole("combobox", { name: "Language" }).selectOption("ar");
  await expectDocumentLanguage(page, "ar", "rtl");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("تسجيل الدخول");
  const identifier = page.getByLabel("البريد الإلكتروني أو اسم المستخدم");
  await expect(identifier).toBeVisible();
  // Mirrored: the field's label starts at the right edge of its box.
  const field = await identifier.boundingBox();
  const label = await page.getByText("البريد الإلكتروني أو اسم المستخدم").boundingBox();
  expect(field && label && field.x + field.width - (label.x + label.width)).toBeLessThan(40);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "languages-login-ar-mobile-light");

  // The choice is kept on this device.
  await reopenInDarkMode(page);
  await expectDocumentLanguage(page, "ar", "rtl");
  await expect(page.getByRole("button", { name: "تسجيل الدخول" })).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "languages-login-ar-mobile-dark");
});

test("a member switches to Indonesian and Arabic from the top bar: labels, amounts, account, drawer", async ({
  page,
  baseURL,
}) => {
  await page.setViewportSize(MOBILE);
  await registerAndVerify(page, baseURL as string);
  await expectDocumentLanguage(page, "en", "ltr");
  await expect(page.getByRole("group", { name: "Wallet balance" })).toContainText(/\d,?\d*\.\d{2} USD/);

  await page.getByRole("button", { name: "Language" }).click();
  await page.getByRole("menuitem", { name: "Bahasa Indonesia" }).click();
  await expectDocumentLanguage(page, "id", "ltr");
  // Indonesian separators: "1.234,56 USD".
  await expect(page.getByRole("group", { name: "Saldo dompet" })).toContainText(/^\D*\d{1,3}(\.\d{3})*,\d{2} USD/);
  // The account keeps it, so mail and the member's other devices follow.
  await expect.poll(async () => (await (await page.request.get("/api/me")).json()).locale).toBe("id");
  await page.getByRole("button", { name: "Buka menu" }).click();
  const nav = page.getByRole("navigation", { name: "Menu utama" });
  await expect(nav.getByRole("link", { name: "Dasbor" })).toBeVisible();
  await expect(nav.getByRole("button", { name: "Dompet" })).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(nav).toBeHidden();
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "languages-dashboard-id-mobile-light");

  await page.getByRole("button", { name: "Bahasa" }).click();
  await page.getByRole("menuitem", { name: "العربية" }).click();
  await expectDocumentLanguage(page, "ar", "rtl");
  await reopenInDarkMode(page);
  await expectDocumentLanguage(page, "ar", "rtl");
  // The amount stays left to right inside the Arabic text.
  const amount = page.getByRole("group", { name: "رصيد المحفظة" }).locator('[dir="ltr"]').first();
  await expect(amount).toHaveText(/^\d[\d,]*\.\d{2} USD$/);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "languages-dashboard-ar-mobile-dark");

  // The drawer opens from the right.
  await page.getByRole("button", { name: "فتح القائمة" }).click();
  const drawer = page.getByRole("navigation", { name: "القائمة الرئيسية" });
  await expect(drawer.getByRole("link", { name: "لوحة التحكم" })).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box && Math.round(box.x + box.width)).toBe(MOBILE.width);
  await screenshot(page, "languages-drawer-ar-mobile-dark");
  await page.keyboard.press("Escape");

  await page.setViewportSize(DESKTOP);
  await expectNoHorizontalOverflow(page);
  await expectAccessible(page);
  await screenshot(page, "languages-dashboard-ar-desktop-dark");
});
