import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { closeDb } from "@/db";
import { startEmbeddedPostgres } from "@/workers/embedded-postgres";

/**
 * The demo's embedded PGlite for one test file: started in a temporary folder with the product's
 * migrations, and made the file's database (DATABASE_URL, unprepared, a small pool, as the demo
 * runs it). Call from beforeAll (no client of the file's own database may exist yet); the answer
 * closes the clients, gives the environment back, stops PGlite and removes its folder (afterAll).
 */
export async function usePgliteDb(prefix: string): Promise<() => Promise<void>> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  const pg = await startEmbeddedPostgres(dir, 0);
  const saved = { DATABASE_URL: process.env.DATABASE_URL, DB_PREPARE: process.env.DB_PREPARE, DB_POOL_MAX: process.env.DB_POOL_MAX };
  Object.assign(process.env, { DATABASE_URL: pg.url, DB_PREPARE: "0", DB_POOL_MAX: "4" });
  return async () => {
    await closeDb();
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    await Promise.race([pg.stop(), new Promise((r) => setTimeout(r, 5000))]);
    await rm(dir, { recursive: true, force: true });
  };
}
