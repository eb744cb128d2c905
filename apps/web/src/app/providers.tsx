import "./frame.css";
import { I18nProvider } from "@lingui/react";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Outlet } from "react-router";
import { i18n } from "../lib/i18n.ts";
import { ThemeModeContext, useStoredMode } from "../lib/theme-mode.ts";
import type { ThemeMode } from "./brand.ts";
import { appQueryClient } from "./query-client.ts";

interface FrameProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
  initialMode?: ThemeMode;
}

/**
 * What every screen but sign-in needs around it: messages, the data cache and the light/dark mode.
 * MUI's theme is not here: it comes with the first part drawn with MUI (`ThemeScope`, decision 0017).
 * The member context lives in the guard. (main.tsx gives the sign-in page, outside this frame, its
 * messages.)
 */
export function FrameProviders({ children, queryClient, initialMode }: FrameProvidersProps) {
  const [client] = useState(() => queryClient ?? appQueryClient());
  const mode = useStoredMode(initialMode);
  return (
    <I18nProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <ThemeModeContext value={mode}>{children}</ThemeModeContext>
      </QueryClientProvider>
    </I18nProvider>
  );
}

/** The route above every screen but sign-in: its chunk brings the data cache (decision 0013). */
export function AppFrame() {
  return (
    <FrameProviders>
      <Outlet />
    </FrameProviders>
  );
}
