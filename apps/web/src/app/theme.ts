import { createTheme, type Theme } from "@mui/material/styles";

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

export type ThemeMode = "light" | "dark";
export const THEME_STORAGE_KEY = "getMode";
export const DRAWER_WIDTH = 240;
export const DRAWER_COLLAPSED_WIDTH = 64;

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

export function createAppTheme(mode: ThemeMode): Theme {
  const dark = mode === "dark";
  return createTheme({
    palette: {
      mode,
      // Light: the deeper brand orange, so white button text and orange text on white pass AA.
      // Dark: the brand orange itself with dark-brown text on it (5.5:1).
      primary: dark
        ? { main: BRAND.primary, light: "#f47b54", dark: BRAND.primaryDeep, contrastText: BRAND.dark }
        : { main: BRAND.primaryDeep, light: BRAND.primary, dark: "#9a3211", contrastText: "#ffffff" },
      secondary: { main: BRAND.accent, light: "#ffd54d", dark: "#c79800", contrastText: BRAND.darkAccent },
      background: dark ? { default: "#140907", paper: "#1f110c" } : { default: "#faf6f4", paper: "#ffffff" },
      text: dark
        ? { primary: "#f7efec", secondary: "rgba(247, 239, 236, 0.72)" }
        : { primary: "#1d0c07", secondary: BRAND.grey },
      // MUI's default orange fails AA as text on light backgrounds; this one passes (4.8:1).
      warning: dark ? { main: "#ffa726" } : { main: "#b45309", contrastText: "#ffffff" },
      divider: dark ? "rgba(255, 255, 255, 0.12)" : "rgba(46, 1, 1, 0.12)",
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: FONT_STACK,
      h1: { fontSize: "1.75rem", fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: "1.35rem", fontWeight: 700, lineHeight: 1.3 },
      h3: { fontSize: "1.15rem", fontWeight: 600, lineHeight: 1.35 },
      button: { textTransform: "none", fontWeight: 600 },
    },
    components: {
      // Members who ask for less motion get none: MUI's spinners, skeleton pulses, ripples and
      // slides do not read the preference themselves (WCAG 2.3.3). Each still ends in its final
      // state, so nothing that waits for a transition's end is left waiting.
      MuiCssBaseline: {
        styleOverrides: {
          "@media (prefers-reduced-motion: reduce)": {
            "*, *::before, *::after": {
              animationDuration: "0.01ms !important",
              animationIterationCount: "1 !important",
              transitionDuration: "0.01ms !important",
              scrollBehavior: "auto !important",
            },
          },
        },
      },
      MuiAppBar: {
        styleOverrides: {
          root: { backgroundColor: BRAND.dark, color: "#ffffff", backgroundImage: "none" },
        },
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCard: { defaultProps: { variant: "outlined" } },
      // Underlined, so links inside text do not rely on colour alone.
      MuiLink: { defaultProps: { underline: "always" } },
    },
  });
}
