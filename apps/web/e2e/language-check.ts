import { CURRENCIES, PAIRS } from "@helio/shared";
import type { Page } from "@playwright/test";
import { PSEUDO_CLOSE, PSEUDO_OPEN } from "../src/lib/pseudo-locale.ts";

/**
 * What a screen in the pseudo-locale shows that it should not: English that did not go through the
 * catalogues (every catalogue message is marked ⟦…⟧ and its letters accented there, src/lib/pseudo-locale.ts),
 * and marked text cut by its box or past the edge of the screen.
 */
export type Finding = { kind: "English" | "cut" | "off screen"; where: string; text: string };

/** Member-entered data in the walks starts with this, so it tells itself apart from English. */
export const DATA_PREFIX = "Qz";

/**
 * Words that are not translated anywhere: the brand, currency codes, the pairs' symbols and the
 * coins' names, and the languages as the menus name them (each in itself).
 */
const UNTRANSLATED_WORDS = [
  "Helio",
  "USDT",
  ...CURRENCIES,
  ...PAIRS.flatMap((pair) => [pair.symbol, ...pair.label.split(" ")]),
  "English",
  "Bahasa",
  "Melayu",
  "Indonesia",
  // Browsers and systems by their own names (a sign-in's device, features/security/user-agent.ts).
  ...["Edge", "Opera", "Samsung", "Yandex", "Vivaldi", "Firefox", "Chrome", "Safari", "Postman", "Node"],
  ...["Windows", "iOS", "Android", "ChromeOS", "macOS", "Linux"],
];

/**
 * Every finding on the page as it is now: visible text, labels, placeholders and titles with English
 * words no catalogue gave (member data, e-mail addresses, links, numbers, dates, the words above and
 * text inside `translate="no"` (references, codes, names) aside); and, with `overflow`, marked text
 * in a box that hides what does not fit (overflow hidden or clipped, an ellipsis) and does not fit,
 * or reaching past the sides of the window. `names`: people's names the screen shows that the walk
 * did not choose (support's, from the server's settings), not words to translate, with their
 * initials.
 */
export async function languageFindings(
  page: Page,
  { overflow = true, names = [] as readonly string[] } = {},
): Promise<Finding[]> {
  return page.evaluate(
    ({ open, close, words, currencies, prefix, overflow, names }) => {
      const findings: Finding[] = [];
      const allowed = new Set(words);
      for (const name of names) {
        const parts = name.match(/[\p{L}\p{M}]+/gu) ?? [];
        for (const part of parts) allowed.add(part);
        allowed.add(parts.map((part) => part[0]?.toUpperCase()).join(""));
      }
      // Currency names come from Intl.DisplayNames (English in the pseudo-locale), beside their codes.
      const currencyNames = new Intl.DisplayNames(["en"], { type: "currency" });
      for (const code of currencies)
        for (const word of currencyNames.of(code)?.match(/[A-Za-z]+/g) ?? []) allowed.add(word);
      // The pseudo-locale formats as English (en-GB): month names and relative times come from Intl.
      const dateWords = new Set<string>();
      const addWords = (text: string) => {
        for (const word of text.match(/[A-Za-z]+/g) ?? []) dateWords.add(word);
      };
      for (let month = 0; month < 12; month++) {
        const day = new Date(Date.UTC(2026, month, 3));
        addWords(new Intl.DateTimeFormat("en-GB", { month: "short" }).format(day));
        addWords(new Intl.DateTimeFormat("en-GB", { month: "long" }).format(day));
      }
      const relative = new Intl.RelativeTimeFormat("en-GB", { numeric: "auto" });
      const wholeTexts = new Set<string>();
      for (const unit of ["year", "month", "week", "day", "hour", "minute"] as const) {
        for (const value of [-2, -1, 1, 2]) {
          const text = relative.format(value, unit);
          if (/\d/.test(text)) addWords(text);
          else wholeTexts.add(text);
        }
      }
      // Letters that the pseudo-locale's accenting leaves plain: only v and x (and V, X).
      const PLAIN = /[A-UWYZa-uwyz]/;
      const MARKED = new RegExp(`[${open}${close}\\u00C0-\\u024F\\u1E00-\\u1EFF]`);

      function englishIn(text: string): string[] {
        const trimmed = text.trim();
        if (wholeTexts.has(trimmed)) return [];
        // Member data whole: a username or code made of the prefix and letters and digits (qz_a2rb99).
        const rest = text
          .replace(/\S+@\S+\.\S+/g, " ")
          .replace(/https?:\/\/\S+/g, " ")
          .replace(new RegExp(`(?<![\\p{L}\\d])${prefix}[\\p{L}\\d_]*`, "giu"), " ");
        const hasDigit = /\d/.test(text);
        return (rest.match(/[\p{L}\p{M}]+/gu) ?? []).filter(
          (word) =>
            PLAIN.test(word) &&
            !allowed.has(word) &&
            !word.toLowerCase().startsWith(prefix.toLowerCase()) &&
            // The member's initials (avatar, account menu).
            word !== (prefix[0] as string).repeat(2) &&
            !(hasDigit && dateWords.has(word)),
        );
      }

      function selectorOf(element: Element): string {
        const parts: string[] = [];
        for (let e: Element | null = element; e && e !== document.body && parts.length < 4; e = e.parentElement) {
          let part = e.localName;
          const testId = e.getAttribute("data-testid");
          if (testId) part += `[data-testid="${testId}"]`;
          const named =
            [...e.classList].find((c) => /^Mui[A-Za-z]+-root$/.test(c)) ??
            [...e.classList].find((c) => !c.startsWith("css-"));
          if (named) part += `.${named}`;
          parts.unshift(part);
        }
        return parts.join(" > ");
      }

      const visible = (element: Element) =>
        element.checkVisibility({ visibilityProperty: true, opacityProperty: true });
      const short = (text: string) => text.trim().replace(/\s+/g, " ").slice(0, 100);

      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      const marked: { element: Element; node: Text }[] = [];
      for (let node = walker.nextNode() as Text | null; node; node = walker.nextNode() as Text | null) {
        const element = node.parentElement;
        if (!element || !/\p{L}/u.test(node.data) || ["SCRIPT", "STYLE", "NOSCRIPT"].includes(element.tagName))
          continue;
        if (!visible(element)) continue;
        // Codes, references and names marked `translate="no"` are not words of any language; text the
        // server worded in the member's language (`data-server-words`: notifications) came through its
        // own catalogues, whose completeness the server's tests check; the operator's own texts
        // (`data-operator-text`: the legal pages) are data, in the language the operator wrote them.
        const english = element.closest('[translate="no"], [data-server-words], [data-operator-text]')
          ? []
          : englishIn(node.data);
        if (english.length > 0) findings.push({ kind: "English", where: selectorOf(element), text: short(node.data) });
        if (MARKED.test(node.data)) marked.push({ element, node });
      }
      const ATTRIBUTES = ["aria-label", "placeholder", "title", "alt", "aria-roledescription", "aria-valuetext"];
      // A label may quote the server's words ("Mark as read: <a notification's title>").
      const serverTexts = [...document.querySelectorAll("[data-server-words]")]
        .map((e) => e.textContent?.trim() ?? "")
        .filter((text) => text.length > 0);
      for (const element of document.body.querySelectorAll(ATTRIBUTES.map((a) => `[${a}]`).join(","))) {
        if (!visible(element)) continue;
        for (const attribute of ATTRIBUTES) {
          const value = element.getAttribute(attribute);
          const own = serverTexts.reduce((rest, text) => rest.replaceAll(text, " "), value ?? "");
          if (value && englishIn(own).length > 0) {
            findings.push({ kind: "English", where: `${selectorOf(element)} @${attribute}`, text: short(value) });
          }
        }
      }
      if (englishIn(document.title).length > 0)
        findings.push({ kind: "English", where: "title", text: document.title });
      if (!overflow) return findings;

      const clipping = new Set<Element>();
      const scrollsSideways = (e: Element) => {
        const style = getComputedStyle(e);
        return ["auto", "scroll"].includes(style.overflowX) && e.scrollWidth > e.clientWidth + 1;
      };
      for (const { element, node } of marked) {
        const range = document.createRange();
        range.selectNodeContents(node);
        let inScroller = false;
        let hidden = false;
        for (let e: Element | null = element; e && e !== document.body; e = e.parentElement) {
          if (scrollsSideways(e)) inScroller = true;
          const style = getComputedStyle(e);
          // Visually hidden text (screen readers only) is a 1 px box by design, on no side of the screen.
          if (e.clientWidth <= 1 && e.clientHeight <= 1) {
            hidden = true;
            break;
          }
          const cutsX = ["hidden", "clip"].includes(style.overflowX) || style.textOverflow === "ellipsis";
          const cutsY = ["hidden", "clip"].includes(style.overflowY);
          const cut = (cutsX && e.scrollWidth > e.clientWidth + 1) || (cutsY && e.scrollHeight > e.clientHeight + 1);
          if (cut && !clipping.has(e)) {
            clipping.add(e);
            findings.push({ kind: "cut", where: selectorOf(e), text: short(e.textContent ?? node.data) });
          }
        }
        if (inScroller || hidden) continue;
        const outside = [...range.getClientRects()].some(
          (rect) => rect.width > 0 && (rect.right > window.innerWidth + 1 || rect.left < -1),
        );
        if (outside) findings.push({ kind: "off screen", where: selectorOf(element), text: short(node.data) });
      }
      return findings;
    },
    {
      open: PSEUDO_OPEN,
      close: PSEUDO_CLOSE,
      words: UNTRANSLATED_WORDS,
      currencies: [...CURRENCIES],
      prefix: DATA_PREFIX,
      overflow,
      names: [...names],
    },
  );
}
