import { themeScriptSource } from "./theme-store";

/**
 * Inline script for the root layout's <head>: sets the `dark` class on <html> before first paint.
 * Server component — render it only from the (server) root layout, and put
 * `suppressHydrationWarning` on <html> since the class differs from the server HTML.
 */
function ThemeScript({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} dangerouslySetInnerHTML={{ __html: themeScriptSource }} />;
}

export { ThemeScript };
