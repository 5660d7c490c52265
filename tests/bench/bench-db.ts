// The database a large benchmark runs on: a kept one at a given URL (created and migrated when
// missing, so a big dataset is built once and reused), or a scratch bench_<random> database on the
// local server that close() drops. Real Postgres only: the in-process PGlite fallback of the tests
// is far too slow for a million messages.
import { randomBytes } from "node:crypto";
import postgres, { type Sql } from "postgres";
import { migrateDatabase } from "@/db/migrate";
import { adminUrl } from "../helpers/test-db";

export type BenchDatabase = { url: string; sql: Sql; kept: boolean; close: () => Promise<void> };

const client = (url: string, max = 2) => postgres(url, { max, onnotice: () => {} });

function withDatabase(url: string, name: string) {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** url: a database to keep (created when missing); none: a scratch one dropped on close (unless keep). */
export async function openBenchDatabase(url?: string, opts: { keep?: boolean } = {}): Promise<BenchDatabase> {
  const admin = url ? withDatabase(url, "postgres") : adminUrl();
  const name = url ? decodeURIComponent(new URL(url).pathname.slice(1)) : `bench_${randomBytes(6).toString("hex")}`;
  if (!/^[\w-]+$/.test(name)) throw new Error(`unexpected database name "${name}"`);
  const server = client(admin, 1);
  try {
    const [exists] = await server`select 1 from pg_database where datname = ${name}`;
    if (!exists) await server.unsafe(`create database "${name}"`);
  } catch (err) {
    throw new Error(`the benchmark needs Postgres at ${new URL(admin).host}: ${(err as Error).message}`);
  } finally {
    await server.end({ timeout: 5 });
  }
  const dbUrl = withDatabase(admin, name);
  // also applies migrations added since a kept database was built (new indexes)
  await migrateDatabase(dbUrl).catch((err) => {
    // a migration rewritten after the database was built (not just a new one) cannot be applied
    throw new Error(`migrating ${dbUrl} failed (${(err as Error).message.split("\n")[0]}); drop it to rebuild`, { cause: err });
  });
  const sql = client(dbUrl);
  const kept = !!url || !!opts.keep;
  return {
    url: dbUrl,
    sql,
    kept,
    async close() {
      await sql.end({ timeout: 5 });
      if (kept) return;
      const s = client(admin, 1);
      try {
        await s.unsafe(`drop database if exists "${name}" with (force)`);
      } finally {
        await s.end({ timeout: 5 });
      }
    },
  };
}
