import { msg } from "@lingui/core/macro";
import { describe, expect, it } from "vitest";
import {
  activateLocale,
  DEFAULT_LOCALE,
  i18n,
  initialLocale,
  LOCALE_STORAGE_KEY,
  localeFromBrowser,
  matchLocale,
} from "./i18n.ts";

describe("choosing a language", () => {
  it("matches the browser's tags to ours, Simplified Chinese only", () => {
    expect(matchLocale("ms-MY")).toBe("ms");
    expect(matchLocale("in")).toBe("id");
    expect(matchLocale("id-ID")).toBe("id");
    expect(matchLocale("zh-CN")).toBe("zh-Hans");
    expect(matchLocale("zh-Hans-SG")).toBe("zh-Hans");
    expect(matchLocale("zh-TW")).toBeNull();
    expect(matchLocale("zh-Hant")).toBeNull();
    expect(matchLocale("ar-BH")).toBe("ar");
    expect(matchLocale("fr-FR")).toBeNull();
    expect(localeFromBrowser(["fr-FR", "ko-KR", "en"])).toBe("ko");
    expect(localeFromBrowser(["fr", "de"])).toBe("en");
  });

  it("prefers the language chosen on this device to the browser's", () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, "ja");
    expect(initialLocale()).toBe("ja");
    window.localStorage.setItem(LOCALE_STORAGE_KEY, "xx");
    expect(initialLocale()).toBe(localeFromBrowser());
  });

  it("activates a language's messages, marks <html lang dir> and remembers it", async () => {
    await activateLocale("ar");
    expect(i18n.locale).toBe("ar");
    expect(i18n._(msg`Sign in`)).toBe("تسجيل الدخول");
    expect(document.documentElement.lang).toBe("ar");
    expect(document.documentElement.dir).toBe("rtl");
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe("ar");

    await activateLocale("id", { remember: false });
    expect(document.documentElement.dir).toBe("ltr");
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe("ar");

    await activateLocale(DEFAULT_LOCALE);
    expect(document.documentElement.lang).toBe("en");
  });
});
