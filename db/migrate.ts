import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Db } from "./index";
import * as schema from "./schema";

export const MIGRATIONS_FOLDER = path.join(process.cwd(), "db", "migrations");

// The advisory lock every process starting on the database takes around migrations and first-start
// work (any constant unique to this product; Postgres compares it as a bigint).
export const MIGRATION_LOCK_KEY = 7_263_512_913;

/**
 * Applies the committed drizzle-kit migrations to the database at `url`, then runs `then` (the
 * first-start setup, the admin CLI) on the same connection, all under one advisory lock: processes
 * starting together wait for each other, so migrations never race (drizzle's migrator takes no lock)
 * and only the first sees an empty database. The lock is a session lock on the client's one
 * connection; it goes with the connection if the process dies.
 */
export async function migrateDatabase<T = undefined>(url: string, then?: (db: Db) => Promise<T>): Promise<T | undefined> {
  const client = postgres(url, { max: 1, onnotice: () => {} });
  try {
    await client`select pg_advisory_lock(${MIGRATION_LOCK_KEY})`;
    try {
      await migrate(drizzle(client), { migrationsFolder: MIGRATIONS_FOLDER });
      return then ? await then(drizzle(client, { schema })) : undefined;
    } finally {
      await client`select pg_advisory_unlock(${MIGRATION_LOCK_KEY})`.catch(() => {});
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
