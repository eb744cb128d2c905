import { createContext, useCallback, useContext, useEffect, useMemo, useState } from "react";
import { readStoredMode, storeMode, THEME_STORAGE_KEY, type ThemeMode } from "../app/brand.ts";

export interface ThemeModeValue {
  mode: ThemeMode;
  toggleMode: () => void;
  setMode: (mode: ThemeMode) => void;
}

/**
 * Light/dark mode stored under `getMode` (default light). Both the MUI theme and the sign-in page
 * (plain CSS, decision 0013) follow it: `<html data-mode>` drives the plain styles.
 */
export function useStoredMode(initialMode?: ThemeMode): ThemeModeValue {
  const [mode, setModeState] = useState<ThemeMode>(() => initialMode ?? readStoredMode());
  const setMode = useCallback((next: ThemeMode) => {
    setModeState(next);
    storeMode(next);
  }, []);
  const toggleMode = useCallback(() => setMode(mode === "light" ? "dark" : "light"), [mode, setMode]);

  useEffect(() => {
    const root = document.documentElement;
    root.style.colorScheme = mode;
    root.dataset.mode = mode;
    document
      .querySelector('meta[name="theme-color"]')
      ?.setAttribute("content", mode === "dark" ? "#140907" : "#2E0101");
  }, [mode]);

  // Another tab changed the mode.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === THEME_STORAGE_KEY) setModeState(event.newValue === "dark" ? "dark" : "light");
    };
    window.addEventListener("storage", onStorage);
    return () => window.removeEventListener("storage", onStorage);
  }, []);

  return useMemo(() => ({ mode, setMode, toggleMode }), [mode, setMode, toggleMode]);
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

/** The mode of the MUI part of the app (inside `<AppProviders>`). */
export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error("useThemeMode must be used inside <AppProviders>");
  return value;
}
