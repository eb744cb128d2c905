import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BRAND } from "./brand.ts";
import { createAppTheme } from "./theme.ts";

const plainCss = fs.readFileSync(path.join(import.meta.dirname, "plain.css"), "utf8");

/** The `--plain-*` variables of one block of plain.css. */
function variables(selector: string): Record<string, string> {
  const start = plainCss.indexOf(`${selector} {`);
  const block = plainCss.slice(start, plainCss.indexOf("}", start));
  return Object.fromEntries(
    [...block.matchAll(/--plain-([a-z-]+):\s*([^;]+);/g)].map((m) => [m[1], String(m[2]).trim()]),
  );
}

// The sign-in page and the member frame are drawn without MUI (decisions 0013 and 0016): their
// colours must stay the theme's.
describe.each([
  ["light", ":root"],
  ["dark", ':root[data-mode="dark"]'],
] as const)("the plain styles in %s mode", (mode, selector) => {
  it("use the MUI theme's colours", () => {
    const { palette } = createAppTheme(mode);
    const plain = variables(selector);
    // Values the same in both modes are set once, on :root.
    const rootOnly = variables(":root");
    const lower = (value: string | undefined) => String(value).toLowerCase();
    expect({
      bg: lower(plain.bg),
      paper: lower(plain.paper),
      text: lower(plain.text),
      "text-secondary": lower(plain["text-secondary"]),
      primary: lower(plain.primary),
      "primary-hover": lower(plain["primary-hover"]),
      "on-primary": lower(plain["on-primary"]),
      divider: lower(plain.divider),
      error: lower(plain.error),
      secondary: lower(plain.secondary ?? rootOnly.secondary),
      "on-secondary": lower(plain["on-secondary"] ?? rootOnly["on-secondary"]),
      "success-icon": lower(plain["success-icon"]),
      "app-bar": lower(plain["app-bar"] ?? rootOnly["app-bar"]),
    }).toEqual({
      bg: lower(palette.background.default),
      paper: lower(palette.background.paper),
      text: lower(palette.text.primary),
      "text-secondary": lower(palette.text.secondary),
      primary: lower(palette.primary.main),
      "primary-hover": lower(palette.primary.dark),
      "on-primary": lower(palette.primary.contrastText),
      divider: lower(palette.divider),
      error: lower(palette.error.main),
      secondary: lower(palette.secondary.main),
      "on-secondary": lower(palette.secondary.contrastText),
      "success-icon": lower(palette.success.main),
      "app-bar": lower(BRAND.dark),
    });
  });
});
