import fs from "node:fs";

/**
 * Whether this web process is being stopped and should get no new requests: the launcher raised
 * the flag file named by DRAIN_FILE on SIGTERM (workers/launcher/drain.ts). A stat per readiness
 * probe; no flag file configured (dev, tests, a process not started by the launcher): never.
 */
export function isDraining(file = process.env.DRAIN_FILE): boolean {
  return Boolean(file) && fs.existsSync(file!);
}
