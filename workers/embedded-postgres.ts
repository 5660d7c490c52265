import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { PGLiteSocketServer } from "@electric-sql/pglite-socket";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { MIGRATIONS_FOLDER } from "@/db/migrate";

/**
 * Embedded PGlite in the data folder, migrated, then served over the Postgres wire protocol so the
 * Next server and the workers connect with the same postgres.js client as in production.
 */
export async function startEmbeddedPostgres(dataDir: string, port: number) {
  const pg = await PGlite.create(path.join(dataDir, "pgdata"));
  await migrate(drizzle(pg), { migrationsFolder: MIGRATIONS_FOLDER });
  // PGlite has one backend; the socket server multiplexes clients onto it (default limit is 1).
  const server = new PGLiteSocketServer({ db: pg, host: "127.0.0.1", port, maxConnections: 64 });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres:postgres@${address}/postgres?sslmode=disable`,
    async stop() {
      await server.stop();
      await pg.close();
    },
  };
}
