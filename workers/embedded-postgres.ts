import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "@/db/migrate";
import { createPgliteWireServer } from "./pglite-wire-server";

/**
 * Embedded PGlite in the data folder, migrated, then served over the Postgres wire protocol so the
 * Next server and the workers connect with the same postgres.js client as in production.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number) {
  // the extensions the migrations create for the ticket search indexes (db/migrations/0002)
  const pg = await PGlite.create(path.join(dataDir, "pgdata"), { extensions: { pg_trgm, btree_gin } });
  await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_FOLDER });
  const server = createPgliteWireServer(pg);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, "127.0.0.1", () => resolve());
  });
  const address = server.address() as { port: number };
  return {
    url: `postgres://postgres:postgres@127.0.0.1:${address.port}/postgres?sslmode=disable`,
    async stop() {
      await new Promise<void>((r) => server.close(() => r()));
      await pg.close();
    },
  };
}
