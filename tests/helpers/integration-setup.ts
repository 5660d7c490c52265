import { afterAll, beforeAll, inject, vi } from "vitest";
import { closeDb } from "@/db";
import { setDialogflowEndpoint } from "@/lib/bots/providers/dialogflow/client";
import { resetEnvCache } from "@/lib/env";
import { setPaymentProvider } from "@/lib/payments/get-provider";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { setStorageDriver } from "@/lib/storage";
import { createTestDatabase, type TestDatabase } from "./test-db";

// Runs in every integration test file: its own database (a copy of the run's migrated template),
// ready before the first getDb(). Files of a worker share its loaded modules (vitest.config.ts), so
// each file also starts from the process state a fresh process would have: its environment, no
// test overrides, no spies or fake timers, and nothing kept from another file's database (closeDb
// forgets what modules registered with forgetWithDatabase, db/index.ts).
let testDb: TestDatabase | undefined;
let envBefore: Record<string, string | undefined> = {};

function startClean() {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  setRealtimeSink(null);
  setPaymentProvider(null);
  setStorageDriver(null);
  setDialogflowEndpoint(null);
  resetEnvCache();
}

beforeAll(async () => {
  envBefore = { ...process.env };
  startClean();
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
  startClean();
  // the environment as the file found it: what it set (a driver, a feature flag) leaves with it
  for (const key of Object.keys(process.env)) if (!(key in envBefore)) delete process.env[key];
  Object.assign(process.env, envBefore);
});
