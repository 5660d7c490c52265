"use client";

import * as React from "react";

import {
  getServerThemeSnapshot,
  getThemeSnapshot,
  setStoredTheme,
  subscribeTheme,
  syncThemeFromEnvironment,
  type Theme,
} from "./theme-store";

type ThemeContextValue = {
  theme: Theme;
  setTheme: (theme: Theme) => void;
  toggleTheme: () => void;
};

const ThemeContext = React.createContext<ThemeContextValue | null>(null);

/** Provides the current theme. The `dark` class on <html> is applied by ThemeScript before paint. */
function ThemeProvider({ children }: { children: React.ReactNode }) {
  const theme = React.useSyncExternalStore(subscribeTheme, getThemeSnapshot, getServerThemeSnapshot);

  React.useEffect(() => {
    syncThemeFromEnvironment();
  }, []);

  const value = React.useMemo<ThemeContextValue>(
    () => ({
      theme,
      setTheme: setStoredTheme,
      toggleTheme: () => setStoredTheme(getThemeSnapshot() === "dark" ? "light" : "dark"),
    }),
    [theme],
  );

  return <ThemeContext.Provider value={value}>{children}</ThemeContext.Provider>;
}

function useTheme(): ThemeContextValue {
  const context = React.useContext(ThemeContext);
  if (!context) throw new Error("useTheme must be used within <ThemeProvider>");
  return context;
}

export { ThemeProvider, useTheme, type ThemeContextValue };
