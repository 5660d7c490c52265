// The product's processes for the scale-out proof: `workers/start.ts --role <role>`, each in its
// own process group so a SIGKILL takes the launcher and its children down together (as a machine
// or a container dying would), while SIGTERM goes to the launcher alone (as compose sends it).
import { spawn, type ChildProcess } from "node:child_process";

export type Role = "web" | "worker" | "realtime";
export type ProductProcess = {
  role: Role;
  name: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number>;
  /** SIGTERM to the launcher: it forwards it and waits for its children */
  term: () => Promise<number>;
  /** SIGKILL to the whole group: nothing gets to clean up */
  kill: () => Promise<number>;
};

export function startRole(role: Role, name: string, opts: { cwd: string; env: Record<string, string | undefined> }): ProductProcess {
  const child = spawn(process.execPath, ["--import", "tsx", "workers/start.ts", "--role", role], {
    cwd: opts.cwd,
    env: opts.env as NodeJS.ProcessEnv,
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const exited = new Promise<number>((resolve) => child.once("exit", (code, signal) => resolve(code ?? (signal === "SIGKILL" ? 137 : 143))));
  const gone = () => child.exitCode !== null || child.signalCode !== null;
  return {
    role,
    name,
    child,
    output: () => out,
    exited,
    term: () => {
      if (!gone()) child.kill("SIGTERM");
      return exited;
    },
    kill: () => {
      try {
        process.kill(-child.pid!, "SIGKILL");
      } catch {
        /* already gone */
      }
      return exited;
    },
  };
}

/** Stops what is still running: SIGTERM, then the group's SIGKILL after `graceMs`. */
export async function stopAll(procs: ProductProcess[], graceMs = 20_000) {
  await Promise.all(
    procs.map(async (p) => {
      const timer = setTimeout(() => void p.kill(), graceMs);
      await p.term();
      clearTimeout(timer);
      // children the launcher left behind (it was killed alone) go with the group
      await p.kill();
    }),
  );
}

/** Waits until `ready()` holds, failing with the process's output when it exits or time runs out. */
export async function waitUntil(what: string, ready: () => Promise<boolean>, opts: { timeoutMs?: number; proc?: ProductProcess; everyMs?: number } = {}) {
  const end = Date.now() + (opts.timeoutMs ?? 120_000);
  while (Date.now() < end) {
    if (await ready().catch(() => false)) return;
    if (opts.proc && (opts.proc.child.exitCode !== null || opts.proc.child.signalCode !== null)) {
      throw new Error(`${opts.proc.name} exited while waiting for ${what}:\n${opts.proc.output()}`);
    }
    await new Promise((r) => setTimeout(r, opts.everyMs ?? 100));
  }
  throw new Error(`timed out waiting for ${what}${opts.proc ? `:\n${opts.proc.output()}` : ""}`);
}
