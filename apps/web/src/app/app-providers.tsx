import type { QueryClient } from "@tanstack/react-query";
import type { ReactNode } from "react";
import type { ThemeMode } from "./brand.ts";
import { ThemeScope } from "./mui-theme.tsx";
import { FrameProviders } from "./providers.tsx";

/** The frame's providers and MUI's theme at once: what the components' tests render inside. */
export function AppProviders({
  children,
  queryClient,
  initialMode,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  initialMode?: ThemeMode;
}) {
  return (
    <FrameProviders queryClient={queryClient} initialMode={initialMode}>
      <ThemeScope>{children}</ThemeScope>
    </FrameProviders>
  );
}
