import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useMemo, useState } from "react";
import { Outlet } from "react-router";
import { ThemeModeContext, useStoredMode } from "../lib/theme-mode.ts";
import type { ThemeMode } from "./brand.ts";
import { appQueryClient } from "./query-client.ts";
import { createAppTheme } from "./theme.ts";

let sharedStyleCache: EmotionCache | undefined;

/**
 * MUI's styles go into <style> tags that the content security policy allows only with the page's
 * nonce, which the server writes into <meta property="csp-nonce"> (browsers hide the attribute
 * from getAttribute, so read the `nonce` property).
 */
function appStyleCache(): EmotionCache {
  if (!sharedStyleCache) {
    const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
    const nonce = meta?.nonce || meta?.getAttribute("nonce") || undefined;
    sharedStyleCache = createCache({ key: "css", nonce, prepend: true });
  }
  return sharedStyleCache;
}

/** MUI's theme in `mode`, with the page's one style cache (like the data cache, it outlives the frame). */
export function MuiTheme({ mode, children }: { mode: ThemeMode; children: ReactNode }) {
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  return (
    <CacheProvider value={appStyleCache()}>
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

/** Everything the MUI screens need around them: data cache, theme and its mode. The member context lives in the guard. */
export function AppProviders({ children, queryClient, initialMode }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? appQueryClient());
  const mode = useStoredMode(initialMode);
  return (
    <QueryClientProvider client={client}>
      <ThemeModeContext value={mode}>
        <MuiTheme mode={mode.mode}>{children}</MuiTheme>
      </ThemeModeContext>
    </QueryClientProvider>
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
