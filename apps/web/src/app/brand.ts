// What the MUI theme and the sign-in page (which has no MUI: decision 0013) both draw with.

/** Brand colours (docs/product.md §5). */
export const BRAND = {
  primary: "#f15a29",
  dark: "#2E0101",
  accent: "#FFC300",
  darkAccent: "#3D2F01",
  grey: "#535353",
  /** #f15a29 darkened so white text and text on white pass WCAG AA (5.3:1). */
  primaryDeep: "#bf4016",
} as const;

/** The side menu's width, opened and collapsed to its icons (layouts/Shell.tsx). */
export const DRAWER_WIDTH = 240;
export const DRAWER_COLLAPSED_WIDTH = 64;

export type ThemeMode = "light" | "dark";
export const THEME_STORAGE_KEY = "getMode";

export const FONT_STACK = [
  "system-ui",
  "-apple-system",
  '"Segoe UI"',
  "Roboto",
  '"Helvetica Neue"',
  "Arial",
  '"Noto Sans"',
  "sans-serif",
  '"Apple Color Emoji"',
  '"Segoe UI Emoji"',
].join(",");

export function readStoredMode(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): ThemeMode {
  try {
    return storage?.getItem(THEME_STORAGE_KEY) === "dark" ? "dark" : "light";
  } catch {
    return "light";
  }
}

export function storeMode(mode: ThemeMode, storage: Pick<Storage, "setItem"> | undefined = safeStorage()): void {
  try {
    storage?.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // Storage can be unavailable (private mode); the choice then lasts for this visit only.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
