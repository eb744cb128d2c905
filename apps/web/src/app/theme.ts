import { createTheme, type Theme } from "@mui/material/styles";
import { BRAND, FONT_STACK, type ThemeMode } from "./brand.ts";

export function createAppTheme(mode: ThemeMode, direction: "ltr" | "rtl" = "ltr"): Theme {
  const dark = mode === "dark";
  return createTheme({
    direction,
    // app/plain.css repeats these for the sign-in page, drawn without MUI (decision 0013);
    // plain.test.ts fails when the two differ.
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
      // A filled red chip in dark mode (a lost contract): MUI's white text on its red is 3.7:1, under
      // AA; dark text is 5.2:1. Red buttons keep white text on the darker red (error.dark) instead.
      MuiChip: {
        styleOverrides: {
          root: ({ ownerState }) =>
            dark && ownerState.color === "error" && ownerState.variant !== "outlined"
              ? { color: "rgba(0, 0, 0, 0.87)" }
              : {},
        },
      },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCard: { defaultProps: { variant: "outlined" } },
      // Underlined, so links inside text do not rely on colour alone.
      MuiLink: { defaultProps: { underline: "always" } },
    },
  });
}
