/**
 * Theme state shared by ThemeScript (inline, pre-paint), ThemeProvider and useTheme.
 * Source of truth at runtime: the `dark` class on <html>.
 */

export type Theme = "light" | "dark";

export const THEME_STORAGE_KEY = "preferredTheme";

function readStored(): Theme | null {
  try {
    const value = window.localStorage.getItem(THEME_STORAGE_KEY);
    return value === "light" || value === "dark" ? value : null;
  } catch {
    return null;
  }
}

function systemTheme(): Theme {
  return window.matchMedia("(prefers-color-scheme: dark)").matches ? "dark" : "light";
}

function applyTheme(theme: Theme) {
  const root = document.documentElement;
  root.classList.toggle("dark", theme === "dark");
  root.style.colorScheme = theme;
}

const listeners = new Set<() => void>();

function notify() {
  listeners.forEach((listener) => listener());
}

export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener);

  // Follow the OS setting while the user has not chosen explicitly.
  const media = window.matchMedia("(prefers-color-scheme: dark)");
  const onSystemChange = () => {
    if (readStored() === null) {
      applyTheme(systemTheme());
      notify();
    }
  };
  // Keep tabs in sync.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== null && event.key !== THEME_STORAGE_KEY) return;
    applyTheme(readStored() ?? systemTheme());
    notify();
  };

  media.addEventListener("change", onSystemChange);
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    media.removeEventListener("change", onSystemChange);
    window.removeEventListener("storage", onStorage);
  };
}

export function getThemeSnapshot(): Theme {
  return document.documentElement.classList.contains("dark") ? "dark" : "light";
}

/** Server render (and the hydration pass) assume light; the client then re-renders with the real class. */
export function getServerThemeSnapshot(): Theme {
  return "light";
}

export function setStoredTheme(theme: Theme): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode, disabled cookies); the class still applies.
  }
  applyTheme(theme);
  notify();
}

/** Make sure the class matches storage/system (in case ThemeScript was not rendered). */
export function syncThemeFromEnvironment(): void {
  const theme = readStored() ?? systemTheme();
  if (getThemeSnapshot() !== theme) {
    applyTheme(theme);
    notify();
  }
}

/**
 * Source of the pre-paint inline script. Keep it self-contained (it is stringified).
 */
export const themeScriptSource = `(function(){try{var k=${JSON.stringify(
  THEME_STORAGE_KEY,
)},t=null;try{t=localStorage.getItem(k)}catch(e){}if(t!=="light"&&t!=="dark"){t=window.matchMedia("(prefers-color-scheme: dark)").matches?"dark":"light"}var r=document.documentElement;r.classList.toggle("dark",t==="dark");r.style.colorScheme=t}catch(e){}})();`;
