import { msg } from "@lingui/core/macro";
import { afterEach, describe, expect, it } from "vitest";
import { activateLocale, DEFAULT_LOCALE, i18n, PSEUDO_LOCALE } from "./i18n.ts";
import { PSEUDO_CLOSE, PSEUDO_OPEN, pseudoMessage, shownLength } from "./pseudo-locale.ts";

describe("the pseudo-locale's messages", () => {
  afterEach(() => activateLocale(DEFAULT_LOCALE));

  it("marks each message and lengthens it by a third, in words", () => {
    expect(pseudoMessage("Sign in")).toBe(`${PSEUDO_OPEN}Sign in lor${PSEUDO_CLOSE}`);
    const sentence = "Choose a new password of at least 10 characters.";
    const drawn = pseudoMessage(sentence).slice(1, -1);
    expect(drawn.length).toBeGreaterThanOrEqual(Math.round(sentence.length * (4 / 3)));
    expect(drawn.slice(sentence.length)).toMatch(/^( [a-z]+)+$/);
  });

  it("counts what a member reads: not tags, placeholders or the other cases of a plural", () => {
    expect(shownLength("We sent a link to <0>{email}</0>.")).toBe("We sent a link to .".length);
    expect(shownLength("{count, plural, one {# trade} other {# trades}}")).toBe(" trades".length);
    expect(shownLength("Paid {when, select, today {today} other {on {date}}}")).toBe("Paid today".length);
    expect(pseudoMessage("{count, plural, one {# trade} other {# trades}}")).toBe(
      `${PSEUDO_OPEN}{count, plural, one {# trade} other {# trades}} lor${PSEUDO_CLOSE}`,
    );
    expect(pseudoMessage("{0}")).toBe(`${PSEUDO_OPEN}{0}${PSEUDO_CLOSE}`);
  });

  it("is what the app draws: the catalogue compiled by the Vite plugin, marked, lengthened and accented", async () => {
    await activateLocale(PSEUDO_LOCALE, { remember: false });
    expect(document.documentElement.lang).toBe("en-XA");
    expect(i18n._(msg`Sign in`)).toBe(`${PSEUDO_OPEN}Śĩĝń ĩń ĺōŕ${PSEUDO_CLOSE}`);
    const welcome = i18n._(msg`Create your account`);
    expect(welcome.startsWith(PSEUDO_OPEN) && welcome.endsWith(PSEUDO_CLOSE)).toBe(true);
    // Every letter accented but v and x, which the accenting has no form of.
    expect(welcome).not.toMatch(/[A-Za-uwyz]/);
  });
});
