// The image's command (issue 34 §5.1): the Dockerfile's CMD, run as written with ROLE=worker, holds
// a sandbox connection; SIGTERM to that process alone (what `docker stop` sends to PID 1) must reach
// the worker, release its lease and end the process with code 0 within seconds. `npm start` in
// between left the launcher and the worker running, holding the connection.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { newRealtime, processEnv } from "../bench/scale-out-env";
import { createTenant } from "../helpers/factories";

/** The exec form of the runtime stage's CMD (the last CMD instruction of the Dockerfile). */
function imageCommand(): string[] {
  const lines = fs.readFileSync("Dockerfile", "utf8").split("\n").filter((l) => /^CMD\s/.test(l));
  const last = lines.at(-1);
  if (!last) throw new Error("the Dockerfile has no CMD");
  const cmd = JSON.parse(last.replace(/^CMD\s+/, "")) as unknown;
  if (!Array.isArray(cmd) || !cmd.every((a) => typeof a === "string")) throw new Error(`CMD is not in exec form: ${last}`);
  return cmd as string[];
}

let cleanUp: (() => void) | undefined;
afterEach(() => {
  cleanUp?.();
  cleanUp = undefined;
});

it("the Dockerfile's CMD stops on SIGTERM: the worker releases its lease and the process exits with 0", async () => {
  const cmd = imageCommand();
  expect(cmd[0]).toBe("node");
  const tenant = await createTenant({ chatbot: false });
  await getDb().update(whatsapps).set({ status: "OPENING" }).where(eq(whatsapps.id, tenant.whatsappId));
  const lease = async () => (await getDb().select({ owner: whatsapps.leaseOwner }).from(whatsapps).where(eq(whatsapps.id, tenant.whatsappId)))[0].owner;

  const env = { ...processEnv(process.env.DATABASE_URL!, newRealtime(3640), 60_000), ROLE: "worker" };
  // its own process group, so a failing test still takes every process it left down
  const child = spawn(cmd[0], cmd.slice(1), { env: env as NodeJS.ProcessEnv, stdio: ["ignore", "pipe", "pipe"], detached: true });
  cleanUp = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      /* already gone */
    }
  };
  let out = "";
  child.stdout!.on("data", (d) => (out += String(d)));
  child.stderr!.on("data", (d) => (out += String(d)));
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? -1)));

  await expect.poll(async () => (child.exitCode === null ? lease() : `exited:\n${out}`), { timeout: 120_000, interval: 200 }).toMatch(/\S+:\d+:\w+/);
  const stopAsked = Date.now();
  child.kill("SIGTERM");
  const code = await Promise.race([exited, new Promise((r) => setTimeout(() => r("still running after 10 s"), 10_000))]);
  expect(code, out).toBe(0);
  expect(Date.now() - stopAsked).toBeLessThan(10_000);
  expect(await lease()).toBeNull();
  expect(out).toMatch(/WhatsApp worker \S+ stopped; released 1 connection\(s\)/);
  // nothing of the group is left running (no orphaned worker holding the connection); tsx's esbuild
  // service ends on its own once its parent is gone
  const groupAlive = () => {
    try {
      return process.kill(-child.pid!, 0);
    } catch {
      return false;
    }
  };
  await expect.poll(groupAlive, { timeout: 3000 }).toBe(false);
}, 180_000);
