import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

// Unit files that mock modules, fake timers or change the process's globals (its environment, its
// working folder) run each in a context of its own ("unit-isolated"); every other unit file shares
// its worker's loaded modules with the files before it ("unit"), which spares re-importing the same
// modules for each of ~120 files (three quarters of the tier's time). The split is read from the files.
const UNIT_DIR = path.join(root, "tests", "unit");
// (withTempStorage, withQuietConnectionTests: test helpers that set STORAGE_DIR or mute the console for their file)
const NEEDS_ISOLATION = /vi\.(mock|doMock|useFakeTimers|stubGlobal|stubEnv|spyOn)\(|process\.env|process\.chdir|globalThis|with(TempStorage|QuietConnectionTests)\(/;
const isolatedUnitFiles = fs
  .readdirSync(UNIT_DIR)
  .filter((f) => f.endsWith(".test.ts") && NEEDS_ISOLATION.test(fs.readFileSync(path.join(UNIT_DIR, f), "utf8")))
  .map((f) => `tests/unit/${f}`);

// Fresh secrets per run (48 chars, distinct), so no test depends on a value kept anywhere.
const secret = () => randomBytes(24).toString("hex");

export default defineConfig({
  resolve: { alias: { "@": root } },
  test: {
    root,
    env: {
      AUTH_SECRET: secret(),
      REFRESH_SECRET: secret(),
      APP_URL: "http://127.0.0.1:3000",
      // The server the integration tier creates its per-file databases on (DATABASE_URL is replaced
      // inside each test file by that file's own database).
      TEST_ADMIN_DATABASE_URL:
        process.env.TEST_ADMIN_DATABASE_URL ?? process.env.DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres",
    },
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          environment: "node",
          include: ["tests/unit/*.test.ts"],
          exclude: isolatedUnitFiles,
          pool: "threads",
          isolate: false,
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "unit-isolated",
          environment: "node",
          // and, to be safe, any unit test kept elsewhere than directly in tests/unit
          include: [...isolatedUnitFiles, "tests/unit/*/**/*.test.ts", "lib/**/*.test.ts"],
          pool: "threads",
          maxWorkers: 2,
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          // one migrated template per run; each file copies it (tests/helpers/test-db.ts)
          globalSetup: ["tests/helpers/integration-global.ts"],
          setupFiles: ["tests/helpers/integration-setup.ts"],
          // each file creates and drops its own database; two at a time keeps the server calm. A
          // worker's files share its loaded modules (half the tier's time was each file importing
          // the app again); the setup file gives each file the state a fresh process would have
          pool: "forks",
          isolate: false,
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
