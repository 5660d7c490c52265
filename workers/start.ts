import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadOrCreateDemoSecrets } from "./demo-secrets";
import { startEmbeddedPostgres } from "./embedded-postgres";
import { startEmbeddedRealtime } from "./embedded-realtime";

// The product's launcher: configuration check, database (embedded PGlite when DATABASE_URL is
// unset), migrations, demo seed, realtime (the embedded Pusher-protocol server when no Pusher
// credentials are set), then the Next server. `--demo` is command 1 of the README.
const demo = process.argv.includes("--demo");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");
const children: ChildProcess[] = [];
let stopDb: (() => Promise<void>) | null = null;

async function main() {
  // from the start: a stop while starting also stops the children made so far and the database
  process.on("SIGINT", () => void shutdown(0));
  process.on("SIGTERM", () => void shutdown(0));
  let realtimeSecret: string | undefined;
  if (demo) {
    process.env.DEMO_MODE = "1";
    const secrets = loadOrCreateDemoSecrets(dataDir);
    process.env.AUTH_SECRET ??= secrets.AUTH_SECRET;
    process.env.REFRESH_SECRET ??= secrets.REFRESH_SECRET;
    realtimeSecret = secrets.REALTIME_SECRET;
  }
  process.env.APP_URL ??= `http://${host}:${port}`;
  process.env.NEXTAUTH_URL ??= process.env.APP_URL;
  const { getEnv } = await import("@/lib/env");
  const { checkPaymentConfig } = await import("@/lib/payments/check-config");
  try {
    // the payment provider too: a bad Efí setup refuses the start, not the first checkout
    checkPaymentConfig(getEnv());
  } catch (e) {
    console.error(`Refusing to start. ${(e as Error).message}`);
    process.exit(1);
  }
  try {
    await prepareDatabase(getEnv());
  } catch (e) {
    if ((e as Error).name !== "FirstStartRefused") throw e;
    console.error(`Refusing to start. ${(e as Error).message}`);
    return shutdown(1);
  }
  if (!process.env.PUSHER_APP_ID || !process.env.PUSHER_KEY || !process.env.PUSHER_SECRET) {
    const realtimePort = Number(process.env.REALTIME_PORT ?? port + 1);
    const credentials = realtimeSecret ? { appId: "demo", key: "demo-key", secret: realtimeSecret } : undefined;
    children.push(await startEmbeddedRealtime({ port: realtimePort, publicHost: new URL(process.env.APP_URL).hostname, credentials }));
  }
  const { resetEnvCache } = await import("@/lib/env");
  resetEnvCache();
  const env = getEnv();
  if (demo) {
    const { getDb, closeDb } = await import("@/db");
    const { seedDemo } = await import("@/lib/demo/seed-demo");
    await seedDemo(getDb(), { adminEmail: env.SEED_ADMIN_EMAIL, adminPassword: env.SEED_ADMIN_PASSWORD });
    await closeDb();
  }
  // the WhatsApp worker: connection sockets, inbound ingest, the outbox
  children.push(spawn(process.execPath, ["--import", "tsx", "workers/whatsapp.ts"], { stdio: ["ignore", "inherit", "inherit"], env: process.env }));
  if (!fs.existsSync(path.join(".next", "BUILD_ID"))) {
    console.error("No production build found: run `npm run build` first.");
    return shutdown(1);
  }
  const nextBin = path.join("node_modules", "next", "dist", "bin", "next");
  // the hook hands route handlers the socket's address (lib/auth/client-address.ts says why)
  const hook = pathToFileURL(path.resolve("workers", "client-address-hook.mjs")).href;
  const next = spawn(process.execPath, ["--import", hook, nextBin, "start", "-H", host, "-p", String(port)], {
    stdio: ["ignore", "inherit", "inherit"],
    env: process.env,
  });
  children.push(next);
  for (const c of children) c.on("exit", (code) => void shutdown(code ?? 0));
  await waitForServer(`http://${host}:${port}/api/version`);
  printWelcome(env.APP_URL, demo ? env : null);
}

// Migrations, then (production only; the demo seeds its own) the first-start setup: with no user
// yet, the platform owner from ADMIN_EMAIL / ADMIN_PASSWORD (lib/platform/first-start.ts). On
// Postgres both run under the migration lock, so processes starting together make one owner.
async function prepareDatabase(env: { ADMIN_EMAIL?: string; ADMIN_PASSWORD?: string }) {
  const { setUpFirstStart, describeOwnerCreated } = await import("@/lib/platform/first-start");
  let owner: Awaited<ReturnType<typeof setUpFirstStart>> | undefined;
  if (!process.env.DATABASE_URL) {
    const pg = await startEmbeddedPostgres(dataDir, Number(process.env.PGLITE_PORT ?? 0));
    process.env.DATABASE_URL = pg.url;
    process.env.DB_POOL_MAX ??= "4";
    process.env.DB_PREPARE = "0";
    stopDb = pg.stop;
    console.log(`Embedded PGlite database in ${path.join(dataDir, "pgdata")}`);
    if (!demo) {
      // one process on its own data folder: nothing to wait for
      const { getDb, closeDb } = await import("@/db");
      owner = await setUpFirstStart(getDb(), env).finally(closeDb);
    }
  } else {
    const { migrateDatabase } = await import("@/db/migrate");
    owner = await migrateDatabase(process.env.DATABASE_URL, demo ? undefined : (db) => setUpFirstStart(db, env));
  }
  if (owner) console.log(describeOwnerCreated(owner));
}

let stopping = false;
async function shutdown(code: number) {
  if (stopping) return;
  stopping = true;
  for (const c of children) c.kill("SIGTERM");
  if (stopDb) await stopDb().catch(() => {});
  process.exit(code);
}

async function waitForServer(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`The server did not answer at ${url}`);
}

function printWelcome(url: string, demoEnv: { SEED_ADMIN_EMAIL: string; SEED_ADMIN_PASSWORD: string } | null) {
  console.log(`\n  Atendimento is running at ${url}\n`);
  if (demoEnv) {
    console.log(`  Admin (also super admin): ${demoEnv.SEED_ADMIN_EMAIL} / ${demoEnv.SEED_ADMIN_PASSWORD}`);
    console.log(`  Agent:                    agent@example.com / agent123\n`);
  }
}

main().catch((e) => {
  console.error(e);
  void shutdown(1);
});
