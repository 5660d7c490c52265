import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

const KEYS = ["AUTH_SECRET", "REFRESH_SECRET", "REALTIME_SECRET"] as const;

/**
 * Demo mode only: random secrets generated once into the data folder and reused on every start,
 * so sessions survive restarts. A production deployment sets its own (lib/env.ts refuses defaults).
 */
export function loadOrCreateDemoSecrets(dataDir: string): Record<(typeof KEYS)[number], string> {
  const file = path.join(dataDir, "secrets.json");
  fs.mkdirSync(dataDir, { recursive: true });
  const existing = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, string>) : {};
  const secrets = Object.fromEntries(
    KEYS.map((k) => [k, existing[k] && existing[k].length >= 32 ? existing[k] : randomBytes(48).toString("base64url")]),
  ) as Record<(typeof KEYS)[number], string>;
  fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600 });
  return secrets;
}
