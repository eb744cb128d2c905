import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import { I18nProvider, useLingui } from "@lingui/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { Outlet } from "react-router";
import { directionOf, i18n, rightToLeftStylisPlugins } from "../lib/i18n.ts";
import { ThemeModeContext, useStoredMode } from "../lib/theme-mode.ts";
import type { ThemeMode } from "./brand.ts";
import { appQueryClient } from "./query-client.ts";
import { createAppTheme } from "./theme.ts";

const styleCaches: Partial<Record<"ltr" | "rtl", EmotionCache>> = {};

/**
 * MUI's styles go into <style> tags that the content security policy allows only with the page's
 * nonce, which the server writes into <meta property="csp-nonce"> (browsers hide the attribute
 * from getAttribute, so read the `nonce` property). Right to left, a second cache flips every
 * left/right in them (MUI's RTL recipe, loaded with the language: lib/i18n.ts); each is made once
 * and outlives the frame.
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

/** MUI's theme in `mode` and the active language's direction, with that direction's style cache. */
export function MuiTheme({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const { i18n } = useLingui();
  const direction = directionOf(i18n.locale);
  const theme = useMemo(() => createAppTheme(mode, direction), [mode, direction]);
  return (
    <CacheProvider value={appStyleCache(direction)}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </CacheProvider>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  initialMode?: ThemeMode;
}

/**
 * Everything the MUI screens need around them: messages, data cache, theme and its mode. The member
 * context lives in the guard. (main.tsx gives the sign-in page, outside this frame, its messages.)
 */
export function AppProviders({ children, queryClient, initialMode }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? appQueryClient());
  const mode = useStoredMode(initialMode);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeModeContext value={mode}>
          <MuiTheme mode={mode.mode}>{children}</MuiTheme>
        </ThemeModeContext>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** The route above every screen but sign-in: its chunk brings MUI and the data cache (decision 0013). */
export function AppFrame() {
  return (
    <AppProviders>
      <Outlet />
    </AppProviders>
  );
}
