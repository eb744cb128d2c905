import { LOCALES } from "@helio/shared";
import type { Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { DESKTOP, expect, MOBILE, test } from "./fixtures.ts";
import { walkScreens } from "./screen-walk.ts";

/**
 * Each of the seven languages on the sign-in page, on the desktop and at 360 px: one main heading,
 * nothing loading, no sideways scroll, axe, and a screenshot of each
 * (e2e/.artifacts/screenshots/locale-<locale>-…). Arabic, right to left, also in dark.
 */

const LOCALE_STORAGE_KEY = "helio.locale";
const SIGNED_OUT_SCREENS = [{ path: paths.login, name: "login" }];

/** The language (and mode) of every later load on `page`: the last init script added wins. */
async function openInLocale(page: Page, locale: string, mode = "light") {
  await page.addInitScript(
    ([key, value, theme]) => {
      localStorage.setItem(key as string, value as string);
      localStorage.setItem("getMode", theme as string);
    },
    [LOCALE_STORAGE_KEY, locale, mode],
  );
}

const PASSES = (locale: string) => [
  { mode: "light", viewport: DESKTOP, axe: true },
  // At 360 px axe runs where the layout changes most: Arabic mirrors.
  { mode: "light", viewport: MOBILE, axe: locale === "ar" },
  ...(locale === "ar"
    ? [
        { mode: "dark", viewport: DESKTOP, axe: true },
        { mode: "dark", viewport: MOBILE, axe: true },
      ]
    : []),
];

async function walkEveryLocale(page: Page, screens: typeof SIGNED_OUT_SCREENS) {
  for (const locale of LOCALES) {
    for (const { mode, viewport, axe } of PASSES(locale)) {
      await openInLocale(page, locale, mode);
      await page.setViewportSize(viewport);
      await walkScreens(page, screens, { prefix: `locale-${locale}`, mode, viewport, axe });
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    }
  }
}

test("signed out in seven languages: sign-in at 360 px and on the desktop, axe", async ({ page }) => {
  test.setTimeout(180_000);
  await walkEveryLocale(page, SIGNED_OUT_SCREENS);
});
