import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { useLingui } from "@lingui/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { createContext, type ReactNode, useContext, useMemo } from "react";
import { directionOf, rightToLeftStylisPlugins } from "../lib/i18n.ts";
import { ThemeModeContext } from "../lib/theme-mode.ts";
import { readStoredMode, type ThemeMode } from "./brand.ts";
import { createAppTheme } from "./theme.ts";

const styleCaches: Partial<Record<"ltr" | "rtl", EmotionCache>> = {};

/**
 * MUI's styles go into <style> tags that the content security policy allows only with the page's
 * nonce, which the server writes into <meta property="csp-nonce"> (browsers hide the attribute
 * from getAttribute, so read the `nonce` property). Right to left, a second cache flips every
 * left/right in them (MUI's RTL recipe, loaded with the language: lib/i18n.ts); each is made once
 * and outlives every part of the page that uses it.
 */
function appStyleCache(direction: "ltr" | "rtl"): EmotionCache {
  let cache = styleCaches[direction];
  if (!cache) {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    const nonce = meta?.nonce || meta?.getAttribute("nonce") || undefined;
    cache =
      direction === "rtl"
        ? createCache({ key: "muirtl", nonce, prepend: true, stylisPlugins: rightToLeftStylisPlugins() ?? [] })
        : createCache({ key: "css", nonce, prepend: true });
    styleCaches[direction] = cache;
  }
  return cache;
}

/** Set inside a MUI theme, so that a themed part inside another does not bring a second one. */
const InMuiTheme = createContext(false);

/** MUI's theme in `mode` and the active language's direction, with that direction's style cache. */
export function MuiTheme({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const { i18n } = useLingui();
  const direction = directionOf(i18n.locale);
  const theme = useMemo(() => createAppTheme(mode, direction), [mode, direction]);
  return (
    <CacheProvider value={appStyleCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        <InMuiTheme value={true}>{children}</InMuiTheme>
      </ThemeProvider>
    </CacheProvider>
  );
}

/**
 * MUI's theme around a part drawn with MUI (a screen, a menu, a dialog, a toast), in the frame's
 * mode; nothing when a part around it already brought one. The member frame and the dashboard are
 * drawn without MUI, so its theme comes with the first part that needs it (decision 0017).
 */
export function ThemeScope({ children }: { children: ReactNode }) {
  const inside = useContext(InMuiTheme);
  const frameMode = useContext(ThemeModeContext);
  if (inside) return children;
  return <MuiTheme mode={frameMode?.mode ?? readStoredMode()}>{children}</MuiTheme>;
}
