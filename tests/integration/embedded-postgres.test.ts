import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/workers/embedded-postgres";

// Command 1 runs the product on this embedded database (workers/start.ts: DB_POOL_MAX 4, and the
// Next server plus the worker each hold a pool), so it must serve concurrent clients correctly.
let dir: string;
let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "embedded-pg-"));
  pg = await startEmbeddedPostgres(dir, 0);
}, 120_000);

afterAll(async () => {
  await pg?.stop();
  await rm(dir, { recursive: true, force: true });
});

describe("embedded PGlite (demo mode)", () => {
  it("is migrated and answers over the wire", async () => {
    const sql = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      const [{ n }] = await sql`select count(*)::int as n from information_schema.tables where table_name = 'users'`;
      expect(n).toBe(1);
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("answers concurrent parameterised queries from a pool of 4 correctly", async () => {
    const sql = postgres(pg.url, { max: 4, onnotice: () => {} });
    try {
      // unnamed statements of different shapes (1 and 2 parameters), as drizzle sends them
      // (sql.unsafe) when getSessionUser or listUsers runs two queries in a Promise.all
      const jobs = Array.from({ length: 40 }, (_, i) =>
        i % 2 ? sql.unsafe("select $1::int as v", [i]) : sql.unsafe("select $1::int + $2::int as v", [i, 0]),
      );
      const settled = await Promise.allSettled(jobs);
      const failures = settled.filter((r) => r.status === "rejected").map((r) => String((r as PromiseRejectedResult).reason));
      // pglite-socket 0.2.17 interleaves Parse/Bind of different connections (electric-sql/pglite#1046)
      expect({ failed: failures.length, first: failures[0] }).toEqual({ failed: 0, first: undefined });
      expect(settled.map((r) => (r.status === "fulfilled" ? r.value[0].v : null))).toEqual(jobs.map((_, i) => i));
    } finally {
      await sql.end({ timeout: 5 });
    }
  });
});
