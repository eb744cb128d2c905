import { cleanup } from "@testing-library/react";
import { afterEach, beforeEach, vi } from "vitest";
import { activateLocale, DEFAULT_LOCALE, i18n } from "../lib/i18n.ts";

// Tests read the seed's English unless they switch language themselves.
await activateLocale(DEFAULT_LOCALE, { remember: false });

// A console.error during a test fails it (React warnings, act() problems, prop-type errors…).
let errors: string[] = [];

beforeEach(() => {
  errors = [];
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    errors.push(args.map((arg) => (arg instanceof Error ? (arg.stack ?? arg.message) : String(arg))).join(" "));
  });
});

afterEach(async () => {
  cleanup();
  if (i18n.locale !== DEFAULT_LOCALE) await activateLocale(DEFAULT_LOCALE, { remember: false });
  window.localStorage.clear();
  const logged = errors;
  errors = [];
  if (logged.length > 0) throw new Error(`console.error was called during the test:\n${logged.join("\n---\n")}`);
});
