import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { closeDb, getDb } from "@/db";
import { workerProcesses, whatsapps } from "@/db/schema";
import { GET as health } from "@/app/api/health/route";
import { GET as ready } from "@/app/api/health/ready/route";
import { createTenant, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

const readyCall = () => call(ready, { url: "/api/health/ready" });

/** Nothing of a company in a public answer: no id, name, number or e-mail. */
function expectNoTenantData(body: unknown, t: Tenant) {
  const text = JSON.stringify(body);
  for (const v of [t.companyName, t.admin.email, `"companyId"`, `"whatsappId"`]) expect(text).not.toContain(v);
  expect(text).not.toMatch(/"(company|name|number|email)"/);
}

describe("GET /api/health", () => {
  it("answers 200 { status: ok } with a request id, echoing a sane one given", async () => {
    const res = await call(health, { url: "/api/health" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: "ok" });
    expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const given = await call(health, { url: "/api/health", headers: { "x-request-id": "lb-7f3a.9:1" } });
    expect(given.headers.get("x-request-id")).toBe("lb-7f3a.9:1");
  });
});

describe("GET /api/health/ready", () => {
  it("is 200 on a migrated database, with the workers' counts and lease age and no tenant data", async () => {
    const t = await createTenant();
    const db = getDb();
    // a live worker holding the tenant's connection, its lease renewed 10 s ago (leases run 30 s)
    await db.insert(workerProcesses).values({ id: "host-a:101:abc123", hostname: "host-a", pid: 101, connections: 1 });
    await db.insert(workerProcesses).values({ id: "host-a:99:dead00", hostname: "host-a", pid: 99, seenAt: sql`now() - interval '5 minutes'` as never });
    await db.update(whatsapps).set({ leaseOwner: "host-a:101:abc123", leaseExpiresAt: sql`now() + interval '20 seconds'` as never }).where(sql`${whatsapps.id} = ${t.whatsappId}`);
    const res = await readyCall();
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ status: "ok", failing: [], checks: { database: { ok: true }, migrations: { ok: true, pending: 0 } } });
    expect(res.body.checks.migrations.applied).toBe(res.body.checks.migrations.expected);
    expect(res.body.workers).toMatchObject({ live: 1, connections: 1, leasesHeld: 1, leasesLapsed: 0 });
    expect(res.body.workers.oldestLeaseAgeSeconds).toBeGreaterThanOrEqual(9);
    expect(res.body.workers.oldestLeaseAgeSeconds).toBeLessThan(15);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expectNoTenantData(res.body, t);
  });

  it("is 503 naming the drain while the launcher drains this process, 200 again without the flag", async () => {
    const file = path.join(os.tmpdir(), `drain-test-${process.pid}-${Date.now()}`);
    process.env.DRAIN_FILE = file;
    try {
      expect((await readyCall()).status).toBe(200);
      fs.writeFileSync(file, "x");
      const res = await readyCall();
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ status: "unavailable", failing: ["draining"] });
      expect(res.headers.get("cache-control")).toBe("no-store");
      // liveness is not readiness: the process still answers
      expect((await call(health, { url: "/api/health" })).status).toBe(200);
    } finally {
      fs.rmSync(file, { force: true });
      delete process.env.DRAIN_FILE;
    }
    expect((await readyCall()).status).toBe(200);
  });

  it("is 503 naming the migrations when one committed migration is not applied", async () => {
    const db = getDb();
    const [last] = await db.execute<{ id: number; hash: string; created_at: string }>(sql`select id, hash, created_at::text from drizzle.__drizzle_migrations order by created_at desc limit 1`);
    await db.execute(sql`delete from drizzle.__drizzle_migrations where id = ${last.id}`);
    try {
      const res = await readyCall();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: "unavailable", failing: ["migrations"], checks: { database: { ok: true }, migrations: { ok: false, pending: 1 } } });
      expect(res.body.workers).toBeNull();
    } finally {
      await db.execute(sql`insert into drizzle.__drizzle_migrations (id, hash, created_at) values (${last.id}, ${last.hash}, ${last.created_at}::bigint)`);
    }
    expect((await readyCall()).status).toBe(200);
  });

  it("is 503 naming the database when it does not answer", async () => {
    const url = process.env.DATABASE_URL;
    await closeDb();
    // nothing listens on port 1
    process.env.DATABASE_URL = "postgres://postgres@127.0.0.1:1/none";
    try {
      const res = await readyCall();
      expect(res.status).toBe(503);
      expect(res.body).toMatchObject({ status: "unavailable", failing: ["database"], checks: { database: { ok: false } }, workers: null });
      expect(res.body.checks.database.error).not.toContain("postgres://");
    } finally {
      await closeDb();
      process.env.DATABASE_URL = url;
    }
    expect((await readyCall()).status).toBe(200);
  });
});
