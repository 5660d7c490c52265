// The launcher's roles as real processes (workers/start.ts --role): two workers started together on
// an empty database migrate it once and make one owner, share nothing but Postgres, report
// themselves and stop cleanly on SIGTERM; a role without a shared database is refused.
import { afterEach, expect, it } from "vitest";
import { newRealtime, processEnv } from "../bench/scale-out-env";
import { startRole, stopAll, waitUntil, type ProductProcess } from "../bench/scale-out-processes";
import { createEmptyDatabase, ownerRows, runScript, withClient, type EmptyDatabase } from "./first-start-helpers";

const OWNER = { ADMIN_EMAIL: "owner@roles.test", ADMIN_PASSWORD: "roles-owner-password" };
let empty: EmptyDatabase | undefined;
const procs: ProductProcess[] = [];

afterEach(async () => {
  await stopAll(procs.splice(0));
  await empty?.drop();
  empty = undefined;
});

it("starts two workers together on an empty database: one migration, one owner, both running, both stopped by SIGTERM", async () => {
  empty = await createEmptyDatabase();
  const env = processEnv(empty.url, newRealtime(3630), 5000, OWNER);
  const workers = [startRole("worker", "worker 1", { cwd: process.cwd(), env }), startRole("worker", "worker 2", { cwd: process.cwd(), env })];
  procs.push(...workers);
  for (const w of workers) await waitUntil(`${w.name} running`, async () => /WhatsApp worker \S+:\d+:\w+ running/.test(w.output()), { proc: w, timeoutMs: 180_000 });
  const said = workers.map((w) => w.output());
  expect(said.filter((o) => o.includes("First start: created the platform owner"))).toHaveLength(1);
  for (const o of said) expect(o).not.toMatch(/already exists|duplicate key|Refusing/);
  expect((await ownerRows(empty.url)).users).toEqual([expect.objectContaining({ email: OWNER.ADMIN_EMAIL, super: true })]);
  const live = () => withClient(empty!.url, (sql) => sql`select id, stopped_at from worker_processes order by id`);
  expect(await live()).toEqual([expect.objectContaining({ stopped_at: null }), expect.objectContaining({ stopped_at: null })]);

  expect(await Promise.all(workers.map((w) => w.term()))).toEqual([0, 0]);
  for (const w of workers) expect(w.output()).toMatch(/WhatsApp worker \S+ stopped; released 0 connection\(s\)/);
  expect((await live()).every((r) => r.stopped_at instanceof Date)).toBe(true);
}, 240_000);

it("refuses a worker or web role without DATABASE_URL or the shared realtime server, naming what is missing", async () => {
  const { DATABASE_URL: _d, PUSHER_APP_ID: _a, PUSHER_KEY: _k, PUSHER_SECRET: _s, ...rest } = process.env;
  void [_d, _a, _k, _s];
  const p = runScript("workers/start.ts", ["--role", "worker"], rest);
  expect(await p.exited).toBe(1);
  expect(p.output()).toContain("Refusing to start. ROLE=worker needs DATABASE_URL");
  expect(p.output()).toContain("ROLE=worker needs PUSHER_APP_ID, PUSHER_KEY, PUSHER_SECRET");
  const web = runScript("workers/start.ts", [], { ...rest, ROLE: "web", DATABASE_URL: "postgres://127.0.0.1:1/none" });
  expect(await web.exited).toBe(1);
  expect(web.output()).toMatch(/Refusing to start\. ROLE=web needs PUSHER_APP_ID/);
}, 60_000);
