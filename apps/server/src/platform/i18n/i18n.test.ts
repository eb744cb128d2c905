import { LOCALES } from "@helio/shared";
import { describe, expect, it } from "vitest";
import { messages as english } from "../../locales/en.ts";
import { formatUtcDateTime, i18nFor, localeOf } from "./index.ts";

const AT = new Date("2026-03-03T14:05:00Z");

describe("the server's languages", () => {
  it("falls back to English for an account that never chose, or a value Helio does not speak", () => {
    expect(localeOf(null)).toBe("en");
    expect(localeOf("fr")).toBe("en");
    expect(localeOf("zh-Hans")).toBe("zh-Hans");
    expect(i18nFor(undefined)._({ id: "mail.verify.title", message: "Verify your email" })).toBe("Verify your email");
  });

  it("writes dates in English exactly as before, and in each language's own order with Latin digits", () => {
    expect(formatUtcDateTime("en", AT)).toBe("3 Mar 2026, 14:05 UTC");
    expect(formatUtcDateTime("en", AT, false)).toBe("3 Mar, 14:05 UTC");
    expect(formatUtcDateTime("id", AT)).toBe("3 Mar 2026, 14.05 UTC");
    expect(formatUtcDateTime("ja", AT)).toBe("2026年3月3日 14:05 UTC");
    expect(formatUtcDateTime("ko", AT)).toBe("2026년 3월 3일 14:05 UTC");
    expect(formatUtcDateTime("ar", AT)).toMatch(/^3 مارس 2026، 14:05 UTC$/);
  });

  it("has every message in every language, worded (no English left) and with the same values in it", () => {
    const ids = Object.keys(english);
    expect(ids.length).toBeGreaterThan(50);
    const names = ["name", "reference", "amount", "net", "reason", "pair", "stake", "payout", "at", "device"];
    const more = ["address", "from", "to", "of", "bank", "until", "minutes", "profit", "capital", "url", "roleName"];
    const values: Record<string, string> = Object.fromEntries([...names, ...more].map((key) => [key, `<${key}>`]));
    const cases = [
      { ...values, role: "admin", direction: "up", account: "wallet" },
      { ...values, role: "support_agent", direction: "down", account: "demo" },
    ];
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const i18n = i18nFor(locale);
      for (const id of ids) {
        for (const given of cases) {
          const worded = i18n._({ id, values: given });
          const source = i18nFor("en")._({ id, values: given });
          expect(worded, `${locale} ${id}`).not.toBe(id);
          // Short column names may be the same word (ID); every sentence differs from the English.
          if (source.length > 12) expect(worded, `${locale} ${id}`).not.toBe(source);
          for (const value of source.match(/<\w+>/g) ?? []) expect(worded, `${locale} ${id}`).toContain(value);
        }
      }
    }
  });
});
