import { afterAll, beforeAll, inject } from "vitest";
import { closeDb } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { createTestDatabase, type TestDatabase } from "./test-db";

// Runs in every integration test file: its own database (a copy of the run's migrated template),
// ready before the first getDb().
let testDb: TestDatabase | undefined;

beforeAll(async () => {
  resetEnvCache();
  testDb = await createTestDatabase({ template: inject("templateDatabase") || undefined });
  process.env.DATABASE_URL = testDb.url;
  process.env.TEST_DB_KIND = testDb.kind;
  // the client settings workers/start.ts uses on embedded PGlite: one shared session, so no named
  // prepared statements, and a small pool
  if (testDb.kind === "pglite") {
    process.env.DB_POOL_MAX = "4";
    process.env.DB_PREPARE = "0";
  }
});

afterAll(async () => {
  await closeDb();
  await testDb?.drop();
  testDb = undefined;
});
