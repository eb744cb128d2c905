import { i18n, type Messages } from "@lingui/core";

/** The languages members choose from, in the order the menus list them. `en` is the seed's English. */
export const LOCALES = ["en", "ms", "id", "zh-Hans", "ko", "ja", "ar"] as const;
export type Locale = (typeof LOCALES)[number];

/** Lingui's generated pseudo-locale: tests pick it through storage; no menu offers it. */
export const PSEUDO_LOCALE = "pseudo";
export type AnyLocale = Locale | typeof PSEUDO_LOCALE;

export const DEFAULT_LOCALE: Locale = "en";

/** Each language named in itself, as the language menus show it. */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  ms: "Bahasa Melayu",
  id: "Bahasa Indonesia",
  "zh-Hans": "简体中文",
  ko: "한국어",
  ja: "日本語",
  ar: "العربية",
};

export const LOCALE_STORAGE_KEY = "helio.locale";

const RIGHT_TO_LEFT: ReadonlySet<string> = new Set(["ar"]);

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

function isAnyLocale(value: unknown): value is AnyLocale {
  return value === PSEUDO_LOCALE || isLocale(value);
}

export function directionOf(locale: string): "ltr" | "rtl" {
  return RIGHT_TO_LEFT.has(locale) ? "rtl" : "ltr";
}

/**
 * The closest of our locales to a BCP 47 tag from the browser: `ms-MY` → `ms`, `in` and `id-ID` →
 * `id`, `zh`, `zh-CN` and `zh-SG` → `zh-Hans` (Traditional Chinese has no catalogue), `ar-BH` → `ar`.
 */
export function matchLocale(tag: string): Locale | null {
  const lower = tag.toLowerCase();
  const [language = "", ...rest] = lower.split(/[-_]/);
  if (language === "zh") {
    const traditional = rest.includes("hant") || rest.includes("tw") || rest.includes("hk") || rest.includes("mo");
    return traditional ? null : "zh-Hans";
  }
  if (language === "in") return "id";
  return LOCALES.find((locale) => locale === language) ?? null;
}

/** The first of the browser's languages we have, else English. */
export function localeFromBrowser(languages: readonly string[] = navigator.languages ?? []): Locale {
  for (const tag of languages) {
    const match = matchLocale(tag);
    if (match) return match;
  }
  return DEFAULT_LOCALE;
}

export function readStoredLocale(): AnyLocale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isAnyLocale(stored) ? stored : null;
  } catch {
    return null;
  }
}

function storeLocale(locale: AnyLocale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // Not remembered on this device; the account still holds it once signed in.
  }
}

/** The language of a first load: the one chosen on this device, else the browser's. */
export function initialLocale(): AnyLocale {
  return readStoredLocale() ?? localeFromBrowser();
}

// One lazy chunk per catalogue: Vite compiles each .po file (@lingui/vite-plugin) into its own chunk,
// so a first load downloads only the active language's messages.
const catalogues = import.meta.glob<{ messages: Messages }>("../locales/*.po");

async function loadMessages(locale: AnyLocale): Promise<Messages> {
  const load = catalogues[`../locales/${locale}.po`];
  if (!load) throw new Error(`No catalogue for ${locale}`);
  return (await load()).messages;
}

type StylisPlugins = typeof import("./rtl-styles.ts")["RTL_STYLIS_PLUGINS"];
let rightToLeftPlugins: StylisPlugins | null = null;

/**
 * The style plugins that mirror MUI's styles, once a right-to-left language has been activated:
 * only members who read one download them (cssjanus is about 3 kB gzip).
 */
export function rightToLeftStylisPlugins(): StylisPlugins | null {
  return rightToLeftPlugins;
}

function markDocument(locale: AnyLocale): void {
  const root = document.documentElement;
  root.lang = locale === PSEUDO_LOCALE ? "en-XA" : locale;
  root.dir = directionOf(locale);
}

/**
 * Loads `locale`'s messages (once) and makes them the active ones: every mounted <I18nProvider>
 * re-renders in it, `<html lang dir>` follows, and the choice is kept on this device. No data is
 * fetched again.
 */
export async function activateLocale(locale: AnyLocale, { remember = true } = {}): Promise<void> {
  if (directionOf(locale) === "rtl" && !rightToLeftPlugins) {
    rightToLeftPlugins = (await import("./rtl-styles.ts")).RTL_STYLIS_PLUGINS;
  }
  if (i18n.locale !== locale) {
    const messages = await loadMessages(locale);
    i18n.loadAndActivate({ locale, messages });
  }
  markDocument(locale);
  if (remember) storeLocale(locale);
}

/** The active locale as one of ours (the pseudo-locale counts as English for formats). */
export function activeLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };
