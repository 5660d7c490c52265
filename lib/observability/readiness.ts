import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { workerStatus, type WorkerStatus } from "./worker-status";

const TIMEOUT_MS = 3000;

type Check = { ok: boolean; error?: string } & Record<string, unknown>;
export type Readiness = { ready: boolean; failing: string[]; checks: Record<string, Check>; workers: WorkerStatus | null };

let journal: number[] | undefined;
/** The `when` of every committed migration (drizzle-kit's journal): what the migrator applies. */
function expectedMigrations(): number[] {
  const file = path.join(process.cwd(), "db", "migrations", "meta", "_journal.json");
  journal ??= (JSON.parse(readFileSync(file, "utf8")) as { entries: { when: number }[] }).entries.map((e) => e.when);
  return journal;
}

function timeout<T>(p: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what} did not answer in ${TIMEOUT_MS} ms`)), TIMEOUT_MS)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

// an error's first line is enough to name what failed; no stack, no connection string
const short = (err: unknown) => String((err as Error)?.message ?? err).split("\n")[0].slice(0, 200);

/**
 * Readiness: the database answers, and every committed migration is applied (drizzle's own table,
 * drizzle.__drizzle_migrations, against db/migrations/meta/_journal.json; the migrator applies the
 * journal entries newer than its last row). The workers are reported, not required: a web process
 * serves without them.
 */
export async function readiness(db: Db, leaseMs: number): Promise<Readiness> {
  const checks: Record<string, Check> = {};
  const started = performance.now();
  try {
    await timeout(db.execute(sql`select 1`), "the database");
    checks.database = { ok: true, ms: Math.round(performance.now() - started) };
  } catch (err) {
    checks.database = { ok: false, error: short(err) };
    return { ready: false, failing: ["database"], checks, workers: null };
  }
  const expected = expectedMigrations();
  try {
    const [row] = await timeout(db.execute<{ n: number; last: string | null }>(sql`select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations`), "the migrations table");
    const last = Number(row.last ?? 0);
    const pending = expected.filter((when) => when > last).length;
    checks.migrations = { ok: pending === 0, applied: Number(row.n), expected: expected.length, pending };
  } catch (err) {
    checks.migrations = { ok: false, applied: 0, expected: expected.length, error: short(err) };
  }
  const workers = checks.migrations.ok ? await timeout(workerStatus(db, leaseMs), "the worker status").catch(() => null) : null;
  const failing = Object.entries(checks).filter(([, c]) => !c.ok).map(([k]) => k);
  return { ready: failing.length === 0, failing, checks, workers };
}
