import { afterAll, beforeAll } from "vitest";
import { closeDb } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { createTestDatabase, type TestDatabase } from "./test-db";

// Runs in every integration test file: its own database, ready before the first getDb().
let testDb: TestDatabase | undefined;

beforeAll(async () => {
  resetEnvCache();
  testDb = await createTestDatabase();
  process.env.DATABASE_URL = testDb.url;
  // PGlite serves one backend, and pglite-socket 0.2.x interleaves the extended-protocol messages of
  // concurrent connections (electric-sql/pglite#1046): one connection keeps each query whole.
  if (testDb.kind === "pglite") process.env.DB_POOL_MAX = process.env.PROBE_POOL ?? "1";
});

afterAll(async () => {
  await closeDb();
  await testDb?.drop();
  testDb = undefined;
});
