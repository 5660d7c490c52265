import { randomBytes } from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

const root = path.dirname(fileURLToPath(import.meta.url));

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
          include: ["tests/unit/**/*.test.ts", "lib/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          environment: "node",
          include: ["tests/integration/**/*.test.ts"],
          setupFiles: ["tests/helpers/integration-setup.ts"],
          // each file creates and drops its own database; two at a time keeps the server calm
          pool: "forks",
          maxWorkers: 2,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
