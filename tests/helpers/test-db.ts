import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { migrateDatabase } from "@/db/migrate";

/**
 * One database per integration test FILE: drizzle-kit writes `"public".` into foreign keys, so
 * schemas cannot isolate files; databases can. On a real server each file gets
 * `CREATE DATABASE … TEMPLATE` of the run's template, migrated once by the tier's global setup
 * (tests/helpers/integration-global.ts), and drops it afterwards: every file still starts on a fresh,
 * fully migrated database, without running the migrations itself. Without a template (benches, a
 * file run outside the tier) the file's database is created empty and migrated. Where no server
 * answers (and CI is unset) an in-process PGlite is served over the wire protocol instead (as in
 * demo mode), so the very same postgres.js code runs.
 */
export type TestDatabase = { url: string; kind: "postgres" | "pglite"; drop: () => Promise<void> };

const DEFAULT_ADMIN_URL = "postgres://postgres@127.0.0.1:5432/postgres";

// Errors meaning "nothing listens there", as opposed to a server that answered with a refusal.
const UNREACHABLE = new Set(["ECONNREFUSED", "ENOTFOUND", "EHOSTUNREACH", "ETIMEDOUT", "CONNECT_TIMEOUT", "EAI_AGAIN"]);

/** The maintenance database of the server DATABASE_URL points at. */
export function adminUrl(): string {
  const raw = process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? DEFAULT_ADMIN_URL;
  const u = new URL(raw);
  u.pathname = "/postgres";
  return u.toString();
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Runs `fn` on a one-connection client of the server's maintenance database. */
export async function onAdmin<T>(fn: (sql: postgres.Sql) => Promise<T>): Promise<T> {
  const sql = postgres(adminUrl(), { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    return await fn(sql);
  } finally {
    await sql.end({ timeout: 5 });
  }
}

/** Whether a server answers at adminUrl(); throws on a server that answered with a refusal. */
export async function serverAnswers(): Promise<boolean> {
  try {
    await onAdmin((sql) => sql`select 1`);
    return true;
  } catch (err) {
    const code = (err as { code?: string }).code ?? "";
    if (!UNREACHABLE.has(code)) throw err;
    const where = new URL(adminUrl()).host;
    if (process.env.CI) {
      throw new Error(`Integration tests need Postgres: no server answered at ${where} (${code}). With CI set this is a failure; start Postgres or set DATABASE_URL.`);
    }
    return false;
  }
}

export async function dropDatabase(name: string): Promise<void> {
  await onAdmin((sql) => sql.unsafe(`drop database if exists "${name}" with (force)`));
}

/**
 * A fresh database: a copy of `template` when given (named `<template>_<random>`, so the run's
 * cleanup finds it), else `test_<random>` created empty and migrated.
 */
export async function createTestDatabase(opts: { template?: string } = {}): Promise<TestDatabase> {
  // a template exists only where the global setup already found the server answering
  if (!opts.template && !(await serverAnswers())) {
    const where = new URL(adminUrl()).host;
    console.warn(`\n[tests] No Postgres server answered at ${where}; running this file on an in-process PGlite instead. Start Postgres or set DATABASE_URL to test against a real server.\n`);
    return createPgliteDatabase();
  }
  const suffix = randomBytes(6).toString("hex");
  const name = opts.template ? `${opts.template.replace(/_tpl$/, "")}_${suffix}` : `test_${suffix}`;
  await onAdmin((sql) => sql.unsafe(`create database "${name}"${opts.template ? ` template "${opts.template}"` : ""}`));
  const url = withDatabase(adminUrl(), name);
  if (!opts.template) await migrateDatabase(url);
  return { url, kind: "postgres", drop: () => (opts.template ? handOver(name) : dropDatabase(name)) };
}

/** The suffix of a run's databases its files are done with: the run's global setup drops them. */
export const DONE_SUFFIX = "_done";

/**
 * A file done with its copy renames it (a few milliseconds) for the run's global setup to drop in
 * the background (a drop takes a third of a second to a second), instead of dropping it while the
 * worker waits. A database still in use by a client the file left open cannot be renamed: then it
 * is dropped here, with force.
 */
async function handOver(name: string): Promise<void> {
  try {
    await onAdmin((sql) => sql.unsafe(`alter database "${name}" rename to "${name}${DONE_SUFFIX}"`));
  } catch {
    await dropDatabase(name);
  }
}

/**
 * The fallback: the product's own embedded database (workers/embedded-postgres.ts: PGlite migrated
 * and served over the wire protocol on a free port) in a temporary folder, removed afterwards.
 */
async function createPgliteDatabase(): Promise<TestDatabase> {
  const [{ mkdtemp, rm }, os, path, { startEmbeddedPostgres }] = await Promise.all([
    import("node:fs/promises"),
    import("node:os"),
    import("node:path"),
    import("@/workers/embedded-postgres"),
  ]);
  const dir = await mkdtemp(path.join(os.tmpdir(), "atendimento-test-"));
  const pg = await startEmbeddedPostgres(dir, 0);
  return {
    url: pg.url,
    kind: "pglite",
    async drop() {
      await pg.stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
