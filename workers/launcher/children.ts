import { spawn, type ChildProcess } from "node:child_process";

// How long a child gets to finish after SIGTERM before it is killed: Next finishes the requests in
// flight, the worker its outbox pass and the release of its leases. Under compose's
// stop_grace_period (30 s), so the launcher itself still exits on its own.
export const STOP_TIMEOUT_MS = 25_000;

const children: ChildProcess[] = [];
let stopping = false;

/** A Node child of the launcher; its unexpected exit stops the others (and the launcher) too. */
export function spawnChild(args: string[], env: NodeJS.ProcessEnv = process.env): ChildProcess {
  const child = spawn(process.execPath, args, { stdio: ["ignore", "inherit", "inherit"], env });
  adopt(child);
  return child;
}

/** Children started elsewhere (the embedded realtime server). */
export function adopt(child: ChildProcess) {
  children.push(child);
  child.once("exit", (code, signal) => {
    if (!stopping) void stopAll(code ?? (signal ? 1 : 0));
  });
}

let onStopped: () => Promise<void> = async () => {};
let beforeStopping: () => Promise<void> = async () => {};

/** Work before the children get SIGTERM (the web role's drain). */
export function beforeChildren(fn: () => Promise<void>) {
  beforeStopping = fn;
}

/** Work after the children are gone (the embedded database). */
export function afterChildren(fn: () => Promise<void>) {
  onStopped = fn;
}

/**
 * SIGTERM to every child, then wait for each to exit (up to STOP_TIMEOUT_MS, then SIGKILL), then
 * exit with `code`. Next 16's `next start` closes its listener on SIGTERM and exits once the
 * requests in flight are answered; the worker releases its leases before exiting.
 */
export async function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  await beforeStopping().catch(() => {});
  await Promise.all(children.map(stopChild));
  await onStopped().catch(() => {});
  process.exit(code);
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), STOP_TIMEOUT_MS);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

export function stopOnSignals() {
  process.on("SIGINT", () => void stopAll(0));
  process.on("SIGTERM", () => void stopAll(0));
}
