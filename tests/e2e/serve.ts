import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import postgres from "postgres";
import { adminUrl, E2E_DB_NAME, e2eDatabaseUrl } from "./e2e-db";

// Starts the product for the e2e run: a fresh database on the local Postgres, demo seed (plans),
// random secrets, the production build, on PORT. The database is dropped when the run stops.
async function dropDatabase() {
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`DROP DATABASE IF EXISTS "${E2E_DB_NAME}" WITH (FORCE)`);
  await admin.end();
}

async function main() {
  await dropDatabase(); // left over from an interrupted run
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE "${E2E_DB_NAME}"`);
  await admin.end();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "atendimento-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "workers/start.ts", "--demo"], {
    stdio: "inherit",
    env: {
      ...process.env,
      DATABASE_URL: e2eDatabaseUrl(),
      DATA_DIR: dataDir,
      AUTH_SECRET: randomBytes(32).toString("hex"),
      REFRESH_SECRET: randomBytes(32).toString("hex"),
      // the bots' local stubs (an OpenAI-compatible server in the test) are on 127.0.0.1
      WEBHOOK_ALLOW_PRIVATE: "1",
      // warnings and errors only: the demo's pretty-printed line per request cost CPU on every
      // call and buried a failure's cause in CI's output (LOG_LEVEL=info brings them back)
      LOG_LEVEL: process.env.LOG_LEVEL ?? "warn",
    },
  });
  // the database goes only after the product has stopped (its worker would log failed queries)
  const stop = () => child.kill("SIGTERM");
  process.on("SIGTERM", stop);
  process.on("SIGINT", stop);
  child.on("exit", async (code) => {
    await dropDatabase().catch(() => {});
    process.exit(code ?? 0);
  });
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
