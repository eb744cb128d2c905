import { LOCALES } from "@helio/shared";
import type { Page } from "@playwright/test";
import { paths } from "../src/lib/paths.ts";
import { DESKTOP, expect, MOBILE, signUp, test } from "./fixtures.ts";
import { walkScreens } from "./screen-walk.ts";

/**
 * Each of the seven languages on the sign-in page and on a member's representative screens (the
 * dashboard, the trade screen, the wallet, a deposit and security), on the desktop
 * and at 360 px: one main heading, nothing loading, no sideways scroll, axe, and a screenshot of
 * each (e2e/.artifacts/screenshots/locale-<locale>-…). Arabic, right to left, also in dark. Which
 * words are translated is the pseudo-locale walk's part (pseudo-locale.spec.ts).
 */

const LOCALE_STORAGE_KEY = "helio.locale";
const SIGNED_OUT_SCREENS = [{ path: paths.login, name: "login" }];
const MEMBER_SCREENS = [
  { path: paths.dashboard, name: "dashboard" },
  { path: paths.tradeFirstPair, name: "trade" },
  { path: paths.wallet, name: "wallet" },
  { path: paths.addBalance, name: "add-balance" },
  { path: paths.security, name: "security" },
];

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

/** Signed in, the account's language is the one that counts (every device follows it). */
async function keepOnAccount(page: Page, origin: string, locale: string) {
  const res = await page.request.put("/api/profile/locale", { data: { locale }, headers: { origin } });
  expect(res.status(), await res.text()).toBe(200);
}

async function walkEveryLocale(
  page: Page,
  screens: { path: string; name: string }[],
  // accountOrigin: signed in, the server's origin (the account keeps each language in turn).
  { accountOrigin = "", locales = LOCALES as readonly string[] } = {},
) {
  for (const locale of locales) {
    if (accountOrigin) await keepOnAccount(page, accountOrigin, locale);
    let loadedMode = "";
    for (const { mode, viewport, axe } of PASSES(locale)) {
      await openInLocale(page, locale, mode);
      await page.setViewportSize(viewport);
      // A pass in the mode of the one before only resized the page: its screens open in the app.
      const fresh = mode !== loadedMode;
      loadedMode = mode;
      await walkScreens(page, screens, { prefix: `locale-${locale}`, mode, viewport, axe, fresh });
      await expect(page.locator("html")).toHaveAttribute("lang", locale);
      await expect(page.locator("html")).toHaveAttribute("dir", locale === "ar" ? "rtl" : "ltr");
    }
  }
}

test("signed out in seven languages: sign-in at 360 px and on the desktop, axe", async ({ page }) => {
  test.setTimeout(180_000);
  await walkEveryLocale(page, SIGNED_OUT_SCREENS);
});

// Two halves of about the same length (Arabic walks four passes), so that the two workers share it.
const OTHERS = LOCALES.filter((l) => l !== "ar");
const HALVES = [OTHERS.slice(0, 4), [...OTHERS.slice(4), "ar"]];

for (const locales of HALVES) {
  test(`a member in ${locales.join(", ")}: the representative screens at 360 px and on the desktop, axe`, async ({
    page,
    baseURL,
  }) => {
    test.setTimeout(240_000);
    await signUp(page, baseURL as string);
    await walkEveryLocale(page, MEMBER_SCREENS, { accountOrigin: baseURL as string, locales });
  });
}
