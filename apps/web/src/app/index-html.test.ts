import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { THEME_STORAGE_KEY } from "./brand.ts";

const html = fs.readFileSync(path.join(import.meta.dirname, "../../index.html"), "utf8");
/** index.html's one inline script, which runs before anything is painted. */
const modeScript = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";

describe("index.html's mode script", () => {
  afterEach(() => {
    delete document.documentElement.dataset.mode;
    localStorage.clear();
  });

  it("reads the key the app stores the mode under", () => {
    expect(modeScript).toContain(`"${THEME_STORAGE_KEY}"`);
  });

  it("paints a member's stored dark mode from the start, and leaves light as the stylesheet's default", () => {
    localStorage.setItem(THEME_STORAGE_KEY, "dark");
    new Function(modeScript)();
    expect(document.documentElement.dataset.mode).toBe("dark");

    delete document.documentElement.dataset.mode;
    localStorage.setItem(THEME_STORAGE_KEY, "light");
    new Function(modeScript)();
    expect(document.documentElement.dataset.mode).toBeUndefined();
  });
});
