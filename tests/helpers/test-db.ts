import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { migrateDatabase } from "@/db/migrate";

/**
 * One database per integration test FILE: drizzle-kit writes `"public".` into foreign keys, so
 * schemas cannot isolate files; databases can. On a real server we CREATE DATABASE test_<random>
 * and drop it afterwards; where no server answers (and CI is unset) an in-process PGlite is served
 * over the wire protocol instead (as in demo mode), so the very same postgres.js code runs.
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

function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function createTestDatabase(): Promise<TestDatabase> {
  const admin = adminUrl();
  const sql = postgres(admin, { max: 1, connect_timeout: 5, onnotice: () => {} });
  try {
    await sql`select 1`;
  } catch (err) {
    await sql.end({ timeout: 1 }).catch(() => {});
    const code = (err as { code?: string }).code ?? "";
    if (!UNREACHABLE.has(code)) throw err;
    const where = new URL(admin).host;
    if (process.env.CI) {
      throw new Error(`Integration tests need Postgres: no server answered at ${where} (${code}). With CI set this is a failure; start Postgres or set DATABASE_URL.`);
    }
    console.warn(`\n[tests] No Postgres server answered at ${where} (${code}); running this file on an in-process PGlite instead. Start Postgres or set DATABASE_URL to test against a real server.\n`);
    return createPgliteDatabase();
  }
  const name = `test_${randomBytes(6).toString("hex")}`;
  try {
    await sql.unsafe(`create database "${name}"`);
  } finally {
    await sql.end({ timeout: 5 });
  }
  const url = withDatabase(admin, name);
  await migrateDatabase(url);
  return {
    url,
    kind: "postgres",
    async drop() {
      const s = postgres(admin, { max: 1, onnotice: () => {} });
      try {
        await s.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await s.end({ timeout: 5 });
      }
    },
  };
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
