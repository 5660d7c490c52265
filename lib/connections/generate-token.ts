/**
 * A random bearer token for a connection's external API: 32 URL-safe characters (192 bits).
 * Web Crypto, so the server and the edit dialog's "regenerate" button share it.
 */
export function generateToken(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(24));
  return btoa(String.fromCharCode(...bytes)).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}
