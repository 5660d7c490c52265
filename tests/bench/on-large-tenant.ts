// The frame of a small script that measures route handlers in-process on the kept large tenant
// (built by tests/bench/tickets.ts into BENCH_DB_URL): secrets when the shell has none, request log
// lines to /dev/null, the app pointed at the database, closed afterwards, exit 1 on an error.
import { randomBytes } from "node:crypto";
import pino from "pino";
import { closeDb } from "@/db";
import { createLogger } from "@/lib/observability/logger";
import { openBenchDatabase, type BenchDatabase } from "./bench-db";
import { loadTenant, type BenchTenant } from "./large-tenant";

export function onLargeTenant(fn: (tenant: BenchTenant, db: BenchDatabase) => Promise<void>) {
  process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
  process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");
  (globalThis as { __appLogger?: unknown }).__appLogger = createLogger({ destination: pino.destination({ dest: "/dev/null", sync: true }) });
  const main = async () => {
    const db = await openBenchDatabase(process.env.BENCH_DB_URL);
    process.env.DATABASE_URL = db.url;
    try {
      const tenant = await loadTenant(db.sql, "large");
      if (!tenant) throw new Error("no large tenant in BENCH_DB_URL: run tests/bench/tickets.ts first");
      await fn(tenant, db);
    } finally {
      await closeDb();
      await db.close();
    }
  };
  main().catch((e) => {
    console.error(e);
    process.exit(1);
  });
}
