import { spawn, type ChildProcessWithoutNullStreams } from "node:child_process";
import { createInterface } from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { createTenant } from "../helpers/factories";

type Answer = { pid: number; status: number; error: string | null; retryAfter: string | null };

/**
 * One app instance: a separate Node process running the real login handler on this file's
 * database (tests/helpers/login-process.ts), spoken to one JSON line at a time.
 */
function startInstance() {
  const child: ChildProcessWithoutNullStreams = spawn(process.execPath, ["--import", "tsx", "tests/helpers/login-process.ts"], {
    env: process.env,
    stdio: ["pipe", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr.on("data", (d) => (stderr += String(d)));
  const pending: { resolve: (line: string) => void; reject: (e: Error) => void }[] = [];
  createInterface({ input: child.stdout }).on("line", (line) => pending.shift()?.resolve(line));
  child.on("exit", (code) => {
    for (const p of pending.splice(0)) p.reject(new Error(`instance ${child.pid} exited (${code})\n${stderr}`));
  });
  const next = (what: string) =>
    new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`instance ${child.pid}: no answer to ${what} in 20 s\n${stderr}`)), 20_000);
      const done = <T>(f: (v: T) => void) => (v: T) => {
        clearTimeout(timer);
        f(v);
      };
      pending.push({ resolve: done(resolve), reject: done(reject) });
    });
  const ready = next("start");
  return {
    child,
    ready,
    async login(email: string, password: string, address: string): Promise<Answer> {
      const answer = next(`login ${email}`);
      child.stdin.write(`${JSON.stringify({ email, password, address })}\n`);
      return JSON.parse(await answer) as Answer;
    },
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => child.kill("SIGKILL"), 5000);
        child.once("exit", () => {
          clearTimeout(timer);
          resolve();
        });
        child.stdin.end();
      }),
  };
}

let instances: ReturnType<typeof startInstance>[] = [];
afterEach(async () => {
  await Promise.all(instances.map((i) => i.stop()));
  instances = [];
});

describe("login attempt limits across app processes", () => {
  it("answers 429 to the 11th failure whichever of two processes gets it", async () => {
    const t = await createTenant();
    instances = [startInstance(), startInstance()];
    const pids = (await Promise.all(instances.map((i) => i.ready))).map((l) => (JSON.parse(l) as { pid: number }).pid);
    expect(new Set([process.pid, ...pids]).size).toBe(3);

    // the same client alternates between the instances, as a load balancer would send it
    const answers: Answer[] = [];
    for (let i = 0; i < 10; i++) answers.push(await instances[i % 2].login(t.admin.email, `wrong-${i}`, "192.0.2.10"));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(401));
    expect(new Set(answers.map((a) => a.pid))).toEqual(new Set(pids));

    // the 11th try from that address, on either instance, right password or not
    for (const [i, password] of [
      [0, "wrong-10"],
      [1, "wrong-11"],
      [1, t.admin.password],
      [0, t.admin.password],
    ] as const) {
      const a = await instances[i].login(t.admin.email, password, "192.0.2.10");
      expect(a).toMatchObject({ pid: pids[i], status: 429, error: "ERR_TOO_MANY_ATTEMPTS" });
      expect(Number(a.retryAfter)).toBeGreaterThan(0);
    }
    // the user from another address is not locked out by those failures, on either instance
    expect(await instances[1].login(t.admin.email, t.admin.password, "192.0.2.11")).toMatchObject({ pid: pids[1], status: 200 });
  }, 90_000);
});
