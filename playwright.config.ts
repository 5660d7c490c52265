import { defineConfig } from "@playwright/test";
import { DEMO_SPECS } from "./tests/e2e/demo-specs";

const PORT = Number(process.env.E2E_PORT ?? 3210);
export const E2E_BASE_URL = `http://127.0.0.1:${PORT}`;

// Debian's Chromium headless shell (`apt-get install chromium-headless-shell`, the old headless
// mode without the browser's own UI, as Playwright uses for headless runs); Playwright's own
// download is not reachable here. CHROMIUM_PATH=/usr/bin/chromium runs the full browser instead.
const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  // a fake microphone (a tone) and no permission prompt, for the voice-note recorder
  "--use-fake-ui-for-media-stream",
  "--use-fake-device-for-media-stream",
];

export default defineConfig({
  testDir: "tests/e2e",
  // A file's tests run in order in one worker; two workers side by side (demo-user specs in their
  // own one-worker project). On 2 cores the run is CPU-bound, yet two took 433 s against 578 s for
  // one (the waits of one overlap the other's work); each test runs slower, so the per-test
  // timeout is 90 s. E2E_WORKERS sets the count (docs/testing.md).
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  projects: [
    { name: "demo", testMatch: DEMO_SPECS, workers: 1 },
    { name: "own", testIgnore: DEMO_SPECS },
  ],
  reporter: [["list"], ["json", { outputFile: ".test-reports/e2e.json" }]],
  use: {
    baseURL: E2E_BASE_URL,
    locale: "pt-BR",
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell", args: CHROMIUM_ARGS },
    screenshot: "only-on-failure",
    // a trace costs about a quarter of the run's time (its DOM snapshots and screencast on every
    // action, on 2 cores) and CI keeps none of it: opt in with E2E_TRACE=1 (docs/testing.md)
    trace: process.env.E2E_TRACE === "1" ? "retain-on-failure" : "off",
  },
  webServer: {
    command: `node --import tsx tests/e2e/serve.ts`,
    url: `${E2E_BASE_URL}/api/version`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: "pipe",
    stderr: "pipe",
    env: { PORT: String(PORT) },
    // serve.ts stops the product, then drops the run's database
    gracefulShutdown: { signal: "SIGTERM", timeout: 15_000 },
  },
});
