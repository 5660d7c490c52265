import path from "node:path";
import { startEmbeddedPostgres } from "../embedded-postgres";

/**
 * Migrations, then (production only; the demo seeds its own) the first-start setup: with no user
 * yet, the platform owner from ADMIN_EMAIL / ADMIN_PASSWORD (lib/platform/first-start.ts). On
 * Postgres both run under the migration lock, so processes starting together (any roles) migrate
 * once and make one owner. Returns how to stop the embedded database, when one was started.
 */
export async function prepareDatabase(opts: { dataDir: string; demo: boolean; env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string } }) {
  const { setUpFirstStart, describeOwnerCreated } = await import("@/lib/platform/first-start");
  let owner: Awaited<ReturnType<typeof setUpFirstStart>> | undefined;
  let stop: (() => Promise<void>) | null = null;
  if (!process.env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres(opts.dataDir, Number(process.env.PGLITE_PORT ?? 0));
    process.env.DATABASE_URL = pg.url;
    process.env.DB_POOL_MAX ??= "4";
    process.env.DB_PREPARE = "0";
    stop = pg.stop;
    console.log(`Embedded PGlite database in ${path.join(opts.dataDir, "pgdata")}`);
    if (!opts.demo) {
      // one process on its own data folder: nothing to wait for
      const { getDb, closeDb } = await import("@/db");
      owner = await setUpFirstStart(getDb(), opts.env).finally(closeDb);
    }
  } else {
    const { migrateDatabase } = await import("@/db/migrate");
    owner = await migrateDatabase(process.env.DATABASE_URL, opts.demo ? undefined : (db) => setUpFirstStart(db, opts.env));
  }
  if (owner) console.log(describeOwnerCreated(owner));
  return stop;
}
