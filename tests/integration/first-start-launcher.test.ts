import { afterEach, describe, expect, it } from "vitest";
import { MIGRATION_LOCK_KEY } from "@/db/migrate";
import { verifyPassword } from "@/lib/auth/password";
import {
  createEmptyDatabase,
  freePortPair,
  lockWaiters,
  ownerRows,
  productEnv,
  runScript,
  type EmptyDatabase,
  type RunningProcess,
} from "./first-start-helpers";

// The real launcher (workers/start.ts, `npm start` without --demo) on a database made empty here.
const OWNER = { ADMIN_EMAIL: "owner@launcher.test", ADMIN_PASSWORD: "launcher-owner-password" };
const CREATED = "First start: created the platform owner";

let empty: EmptyDatabase | undefined;
let running: RunningProcess[] = [];

afterEach(async () => {
  await Promise.all(running.map(stop));
  running = [];
  await empty?.drop();
  empty = undefined;
});

async function launch(url: string, extra: Record<string, string> = {}) {
  const port = await freePortPair();
  const p = runScript("workers/start.ts", [], productEnv(url, { PORT: String(port), DATA_DIR: `/tmp/first-start-${port}`, ...extra }));
  running.push(p);
  return { ...p, port };
}

/**
 * Past its start-up: the launcher has exited (no production build in this checkout: it says so and
 * stops) or answers HTTP (a build is there). Either way its database work is over.
 */
async function settled(p: RunningProcess & { port: number }) {
  let exited = false;
  void p.exited.then(() => (exited = true));
  for (let i = 0; i < 600 && !exited; i++) {
    const up = await fetch(`http://127.0.0.1:${p.port}/api/version`).then((r) => r.ok, () => false);
    if (up) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  if (!exited) throw new Error(`the launcher neither started nor stopped:\n${p.output()}`);
}

async function stop(p: RunningProcess) {
  if (p.child.exitCode !== null || p.child.signalCode !== null) return;
  p.child.kill("SIGTERM");
  const timer = setTimeout(() => p.child.kill("SIGKILL"), 15_000);
  await p.exited;
  clearTimeout(timer);
}

describe("npm start on an empty database", () => {
  it("refuses to start without ADMIN_EMAIL and ADMIN_PASSWORD, naming them", async () => {
    empty = await createEmptyDatabase();
    const p = await launch(empty.url);
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("Refusing to start. The database has no user yet: set ADMIN_EMAIL and ADMIN_PASSWORD");
    expect(p.output()).toMatch(/- ADMIN_EMAIL: not set\n- ADMIN_PASSWORD: not set/);
    expect(await ownerRows(empty.url)).toEqual({ plans: [], companies: [], users: [] });
  });

  it("refuses an ADMIN_PASSWORD under 12 characters", async () => {
    empty = await createEmptyDatabase();
    const p = await launch(empty.url, { ADMIN_EMAIL: OWNER.ADMIN_EMAIL, ADMIN_PASSWORD: "short-pass1" });
    expect(await p.exited).toBe(1);
    expect(p.output()).toContain("Refusing to start.");
    expect(p.output()).toContain("ADMIN_PASSWORD must be at least 12 characters");
    expect(p.output()).not.toContain("short-pass1");
  });

  it("two launchers started together create one owner; a later start changes nothing", async () => {
    empty = await createEmptyDatabase();
    const url = empty.url;
    // The test holds the migration lock first, so both launchers are surely waiting on it at once
    // (rather than one finishing before the other starts), then lets them go.
    const gate = (await import("postgres")).default(url, { max: 1, onnotice: () => {} });
    try {
      await gate`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
      const both = [await launch(url, OWNER), await launch(url, OWNER)];
      for (let i = 0; (await lockWaiters(gate, url)) < 2; i++) {
        if (i > 600) throw new Error(`the launchers never waited on the lock:\n${both.map((b) => b.output()).join("\n")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      await gate`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`;
      await Promise.all(both.map(settled));
      const said = both.map((b) => b.output());
      expect(said.filter((o) => o.includes(CREATED))).toHaveLength(1);
      for (const o of said) expect(o).not.toMatch(/Refusing|already exists|duplicate key/);
      expect(said.join("")).not.toContain(OWNER.ADMIN_PASSWORD);
    } finally {
      await gate.end({ timeout: 5 });
    }
    await Promise.all(running.map(stop));

    const rows = await ownerRows(url);
    expect(rows.plans).toHaveLength(1);
    expect(rows.companies).toEqual([expect.objectContaining({ dueDate: null })]);
    expect(rows.users).toEqual([expect.objectContaining({ email: OWNER.ADMIN_EMAIL, super: true, profile: "admin" })]);
    expect(await verifyPassword(OWNER.ADMIN_PASSWORD, rows.users[0].passwordHash)).toBe(true);

    const later = await launch(url, { ADMIN_EMAIL: "someone@else.test", ADMIN_PASSWORD: "another-long-password" });
    await settled(later);
    expect(later.output()).not.toContain(CREATED);
    await stop(later);
    expect(await ownerRows(url)).toEqual(rows);
  }, 240_000);
});
