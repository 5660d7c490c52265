// Scale-out on one machine with real processes (issue 18): a realtime process and three WhatsApp
// workers (launcher roles) on this file's Postgres, ten sandbox connections, traffic through two
// fronts. The fronts are the route handlers in this process (a web process needs a production
// build; tests/bench/scale-out.ts runs two of them over HTTP). One worker is stopped with SIGTERM,
// one killed with SIGKILL: nothing is lost, nothing sent twice, every browser sees every message.
import { afterAll, expect, it } from "vitest";
import { closeDb } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { openBrowser, type Browser } from "../bench/scale-out-browser";
import { newRealtime, processEnv } from "../bench/scale-out-env";
import { inProcessFront } from "../bench/scale-out-inprocess";
import { startRole, stopAll, waitUntil, type ProductProcess } from "../bench/scale-out-processes";
import { runScaleOut } from "../bench/scale-out-scenario";
import { createWorld } from "../bench/scale-out-world";

const LEASE_MS = 6000;
const procs: ProductProcess[] = [];
const browsers: Browser[] = [];

afterAll(async () => {
  browsers.forEach((b) => b.close());
  await stopAll(procs);
  await closeDb();
});

it("keeps every connection served across a SIGTERM and a SIGKILL, losing and doubling nothing", async () => {
  expect(process.env.TEST_DB_KIND).toBe("postgres"); // several processes on one database: PGlite serves one
  const realtime = newRealtime(3620);
  const env = processEnv(process.env.DATABASE_URL!, realtime, LEASE_MS);
  Object.assign(process.env, { ...env, NODE_ENV: "test" });
  resetEnvCache();
  const world = await createWorld(10);
  const rt = startRole("realtime", "realtime", { cwd: process.cwd(), env });
  procs.push(rt);
  const workers = ["worker 1", "worker 2", "worker 3"].map((name) => startRole("worker", name, { cwd: process.cwd(), env }));
  procs.push(...workers);
  await waitUntil("the realtime process", async () => (await fetch(`http://127.0.0.1:${realtime.port}/health`)).ok, { proc: rt });
  const fronts = [await inProcessFront("front A", world.admins[0]), await inProcessFront("front B", world.admins[1])];
  for (const f of fronts) browsers.push(await openBrowser(f, realtime, world.tenant.companyId));

  const r = await runScaleOut({ world, fronts, browsers, workers, roundMs: 1000, phaseMs: 3000, tag: "T" });

  // the connections were shared, not taken by the first worker up
  expect(r.split.filter((n) => n > 0).length).toBeGreaterThanOrEqual(2);
  expect(r.split.reduce((a, b) => a + b, 0)).toBe(10);
  // SIGTERM: leases released and taken at once, well before a lease would have lapsed
  expect(r.termReleased).toMatch(/released [1-9]\d* connection/);
  expect(r.takeoverAfterTermMs).toBeLessThan(LEASE_MS);
  expect(r.inbound).toBeGreaterThan(50);
  expect(r.replies).toBe(r.inbound);
  expect({ inboundLost: r.inboundLost, repliesLost: r.repliesLost, sentTwice: r.sentTwice, storedTwice: r.storedTwice }).toEqual({
    inboundLost: 0,
    repliesLost: 0,
    sentTwice: 0,
    storedTwice: 0,
  });
  expect(r.unservedConnections).toBe(0);
  // every event reached both browsers, even of a message the killed worker stored and had not yet
  // published when it died (the replay publishes a recent duplicate again)
  expect(Object.values(r.unexplainedMisses)).toEqual([0, 0]);
  expect(r.missedIds).toEqual([]);
}, 420_000);
