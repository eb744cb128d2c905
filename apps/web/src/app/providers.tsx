import createCache, { type EmotionCache } from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useCallback, useEffect, useMemo, useState } from "react";
import { isApiError } from "../lib/api.ts";
import { ThemeModeContext, type ThemeModeValue } from "../lib/theme-mode.ts";
import { createAppTheme, readStoredMode, storeMode, type ThemeMode } from "./theme.ts";

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        retry: (failureCount, error) => {
          if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
          return failureCount < 2;
        },
      },
      mutations: { retry: false },
    },
  });
}

/** Light/dark mode stored under `getMode` (default light); the whole UI follows it. */
export function ThemeModeProvider({ children, initialMode }: { children: ReactNode; initialMode?: ThemeMode }) {
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? readStoredMode());
  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    storeMode(next);
  }, []);
  const toggleMode = useCallback(() => setMode(mode === "light" ? "dark" : "light"), [mode, setMode]);
  const theme = useMemo(() => createAppTheme(mode), [mode]);
  const value = useMemo<ThemeModeValue>(() => ({ mode, setMode, toggleMode }), [mode, setMode, toggleMode]);

  useEffect(() => {
    document.documentElement.style.colorScheme = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute("content", mode === "dark" ? "#140907" : "#2E0101");
  }, [mode]);

  // Another tab changed the mode.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === "getMode") setModeState(event.newValue === "dark" ? "dark" : "light");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  initialMode?: ThemeMode;
}

/**
 * MUI's styles go into <style> tags that the content security policy allows only with the page's
 * nonce, which the server writes into <meta property="csp-nonce"> (browsers hide the attribute
 * from getAttribute, so read the `nonce` property).
 */
export function createStyleCache(): EmotionCache {
  const meta = document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]');
  const nonce = meta?.nonce || meta?.getAttribute("nonce") || undefined;
  return createCache({ key: "css", nonce, prepend: true });
}

/** Everything the app needs around the router: data cache and theme. The member context lives in the guard. */
export function AppProviders({ children, queryClient, initialMode }: AppProvidersProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  const [styleCache] = useState(createStyleCache);
  return (
    <CacheProvider value={styleCache}>
      <QueryClientProvider client={client}>
        <ThemeModeProvider initialMode={initialMode}>{children}</ThemeModeProvider>
      </QueryClientProvider>
    </CacheProvider>
  );
}
