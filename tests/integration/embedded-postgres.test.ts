import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startEmbeddedPostgres } from "@/workers/embedded-postgres";

// Command 1 runs the product on this embedded database (workers/start.ts: DB_POOL_MAX 4, and the
// Next server plus the worker each hold a pool), so its one PGlite session must serve concurrent
// clients as if each had its own. (pglite-socket 0.2.17 did not: electric-sql/pglite#1046.)
let dir: string;
let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "embedded-pg-"));
  pg = await startEmbeddedPostgres(dir, 0);
}, 120_000);

afterAll(async () => {
  // bounded: a wedged server must fail its test, not hang the run
  await Promise.race([pg?.stop(), sleep(5000)]);
  await rm(dir, { recursive: true, force: true });
});

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The query's rows, or a failure naming the hang when it takes longer than `ms`. */
async function within<T>(ms: number, what: string, query: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const hang = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what}: no answer after ${ms} ms, the embedded server is stuck`)), ms);
  });
  try {
    return await Promise.race([query, hang]);
  } finally {
    clearTimeout(timer);
  }
}

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
      expect({ failed: failures.length, first: failures[0] }).toEqual({ failed: 0, first: undefined });
      expect(settled.map((r) => (r.status === "fulfilled" ? r.value[0].v : null))).toEqual(jobs.map((_, i) => i));
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("keeps one client's transaction to itself: another client's write waits and survives a rollback", async () => {
    const a = postgres(pg.url, { max: 1, onnotice: () => {} });
    const b = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      let bWrite: Promise<unknown> | undefined;
      const aTx = a.begin(async (tx) => {
        await tx.unsafe("insert into plans (name) values ($1)", ["from-a"]);
        bWrite = b.unsafe("insert into plans (name) values ($1)", ["from-b"]);
        await new Promise((r) => setTimeout(r, 100));
        throw new Error("rollback");
      });
      await expect(aTx).rejects.toThrow("rollback");
      await bWrite;
      const rows = await b.unsafe("select name from plans where name in ('from-a', 'from-b')");
      expect(rows.map((r) => r.name)).toEqual(["from-b"]);
    } finally {
      await Promise.all([a.end({ timeout: 5 }), b.end({ timeout: 5 })]);
    }
  });

  it("rolls back the transaction of a client that disconnects in the middle", async () => {
    const a = postgres(pg.url, { max: 1, onnotice: () => {} });
    const b = postgres(pg.url, { max: 1, onnotice: () => {} });
    try {
      // e.g. a request aborted mid-transaction, or a worker killed while it holds one
      const conn = await a.reserve();
      await conn.unsafe("begin");
      await conn.unsafe("insert into plans (name) values ($1)", ["orphan"]);
      conn.release();
      await a.end({ timeout: 0 });
      const rows = await within(5000, "a query after another client dropped its transaction",
        b.unsafe("select count(*)::int as n from plans where name = 'orphan'"));
      expect(rows[0].n).toBe(0);
    } finally {
      await b.end({ timeout: 1 });
    }
  });
});
