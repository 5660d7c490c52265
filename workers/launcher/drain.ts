import fs from "node:fs";
import os from "node:os";
import path from "node:path";

// The web role's drain on SIGTERM (SHUTDOWN_DRAIN_MS): first /api/health/ready answers 503
// "draining" (lib/observability/draining.ts reads the flag file named by DRAIN_FILE) while the
// server still serves, and every answer says `Connection: close` (workers/keep-alive-drain-hook.mjs),
// so the proxy stops sending new requests and keeps no connection; only then does Next get SIGTERM,
// stop listening and finish the requests in flight. A file, because the flag must reach the Next
// child and Next keeps SIGTERM (and SIGUSR2) for itself.

/** Names the flag file for the children started after this (they inherit DRAIN_FILE). */
export function prepareDrainFlag(): string {
  const file = path.join(os.tmpdir(), `atendimento-drain-${process.pid}`);
  fs.rmSync(file, { force: true });
  process.env.DRAIN_FILE = file;
  return file;
}

/** Raises the flag, waits `ms` for the proxy to notice, and answers a clean-up for the exit. */
export async function drain(file: string, ms: number): Promise<void> {
  if (ms <= 0) return;
  fs.writeFileSync(file, new Date().toISOString());
  console.log(`Draining for ${ms} ms: /api/health/ready answers 503 before the server stops`);
  await new Promise((r) => setTimeout(r, ms));
}

export function clearDrainFlag(file: string) {
  fs.rmSync(file, { force: true });
}
