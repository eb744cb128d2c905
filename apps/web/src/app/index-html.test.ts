import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { paths } from "../lib/paths.ts";
import { THEME_STORAGE_KEY } from "./brand.ts";

const html = fs.readFileSync(path.join(import.meta.dirname, "../../index.html"), "utf8");
/** index.html's one inline script, which runs before anything is painted. */
const inlineScript = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";

describe("index.html's inline script", () => {
  afterEach(() => {
    delete document.documentElement.dataset.mode;
    localStorage.clear();
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it("reads the key the app stores the mode under", () => {
    expect(inlineScript).toContain(`"${THEME_STORAGE_KEY}"`);
  });

  it("paints a member's stored dark mode from the start, and leaves light as the stylesheet's default", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    new Function(inlineScript)();
    expect(document.documentElement.dataset.mode).toBe("dark");

    delete document.documentElement.dataset.mode;
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    new Function(inlineScript)();
    expect(document.documentElement.dataset.mode).toBeUndefined();
  });

  it("loads ICU's data in a task of its own, after the page is parsed rather than during it", () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, "DateTimeFormat");
    new Function(inlineScript)();
    expect(made).not.toHaveBeenCalled();
    vi.runAllTimers();
    expect(made).toHaveBeenCalledTimes(1);
  });

  it("leaves the sign-in page without it, as that page formats nothing", () => {
    vi.useFakeTimers();
    const made = vi.spyOn(Intl, "DateTimeFormat");
    window.history.replaceState(null, "", paths.login);
    try {
      new Function(inlineScript)();
      vi.runAllTimers();
      expect(made).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, "", "/");
    }
  });
});
