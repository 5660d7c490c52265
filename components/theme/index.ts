export { ThemeProvider, useTheme, type ThemeContextValue } from "./theme-provider";
export { ThemeScript } from "./theme-script";
export { ThemeToggle, type ThemeToggleProps } from "./theme-toggle";
export { THEME_STORAGE_KEY, type Theme } from "./theme-store";
