import path from "node:path";
import { loadOrCreateDemoSecrets } from "./demo-secrets";
import { startEmbeddedRealtime } from "./embedded-realtime";
import { adopt, afterChildren, beforeChildren, spawnChild, stopAll, stopOnSignals } from "./launcher/children";
import { clearDrainFlag, drain, prepareDrainFlag } from "./launcher/drain";
import { prepareDatabase } from "./launcher/database";
import { hasProductionBuild, startNextServer, waitForServer } from "./launcher/next-server";
import { readRole, roleProblems, runs, type Role } from "./launcher/role";

// The product's launcher: configuration check, database (embedded PGlite when DATABASE_URL is
// unset), migrations, demo seed, realtime (the embedded Pusher-protocol server when no Pusher
// credentials are set), the WhatsApp worker, then the Next server. `--demo` is command 1 of the
// README. `--role web|worker|realtime` (or ROLE) starts one part only (docs/deployment.md).
const demo = process.argv.includes("--demo");
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? "127.0.0.1";
const dataDir = path.resolve(process.env.DATA_DIR ?? ".data");

async function main() {
  // from the start: a stop while starting also stops the children made so far and the database
  stopOnSignals();
  let role: Role;
  try {
    role = readRole(process.argv, process.env);
    const problems = roleProblems(role, process.env, demo);
    if (problems.length) throw new Error(problems.join("\n"));
  } catch (e) {
    console.error(`Refusing to start. ${(e as Error).message}`);
    return process.exit(1);
  }
  process.env.ROLE = role;
  const part = runs(role);
  const realtimePort = Number(process.env.REALTIME_PORT ?? port + 1);
  if (role === "realtime") {
    // the shared realtime server of a multi-process setup: no database, credentials from PUSHER_*
    const credentials = { appId: process.env.PUSHER_APP_ID!, key: process.env.PUSHER_KEY!, secret: process.env.PUSHER_SECRET! };
    adopt(await startEmbeddedRealtime({ port: realtimePort, publicHost: host, credentials }));
    return console.log(`Role realtime: the Pusher-protocol server is running on ${host}:${realtimePort}`);
  }
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
  const { getEnv, resetEnvCache } = await import("@/lib/env");
  const { checkPaymentConfig } = await import("@/lib/payments/check-config");
  try {
    // the payment provider too: a bad Efí setup refuses the start, not the first checkout
    checkPaymentConfig(getEnv());
  } catch (e) {
    console.error(`Refusing to start. ${(e as Error).message}`);
    process.exit(1);
  }
  try {
    const stopDb = await prepareDatabase({ dataDir, demo, env: getEnv() });
    if (stopDb) afterChildren(stopDb);
  } catch (e) {
    if ((e as Error).name !== "FirstStartRefused") throw e;
    console.error(`Refusing to start. ${(e as Error).message}`);
    return stopAll(1);
  }
  // after the database work (a first start's owner is made even by a checkout not built yet)
  if (part.web && !hasProductionBuild()) {
    console.error("No production build found: run `npm run build` first.");
    return stopAll(1);
  }
  // role all without Pusher credentials starts its own (roles web and worker were refused without them)
  if (!process.env.PUSHER_APP_ID || !process.env.PUSHER_KEY || !process.env.PUSHER_SECRET) {
    const credentials = realtimeSecret ? { appId: "demo", key: "demo-key", secret: realtimeSecret } : undefined;
    adopt(await startEmbeddedRealtime({ port: realtimePort, publicHost: new URL(process.env.APP_URL).hostname, credentials }));
  }
  resetEnvCache();
  const env = getEnv();
  if (demo) {
    const { getDb, closeDb } = await import("@/db");
    const { seedDemo } = await import("@/lib/demo/seed-demo");
    await seedDemo(getDb(), { adminEmail: env.SEED_ADMIN_EMAIL, adminPassword: env.SEED_ADMIN_PASSWORD });
    await closeDb();
  }
  // the WhatsApp worker: connection sockets, inbound ingest, the outbox (never in a web process)
  if (part.worker) spawnChild(["--import", "tsx", "workers/whatsapp.ts"]);
  if (!part.web) return console.log(`Role worker: the WhatsApp worker is running`);
  // SIGTERM: readiness answers 503 for SHUTDOWN_DRAIN_MS before Next stops (a proxy moves away)
  const drainFile = prepareDrainFlag();
  beforeChildren(() => drain(drainFile, env.SHUTDOWN_DRAIN_MS));
  process.once("exit", () => clearDrainFlag(drainFile));
  startNextServer(host, port);
  await waitForServer(`http://${host}:${port}/api/version`);
  printWelcome(env.APP_URL, demo ? env : null, role);
}

function printWelcome(url: string, demoEnv: { SEED_ADMIN_EMAIL: string; SEED_ADMIN_PASSWORD: string } | null, role: Role) {
  console.log(`\n  Atendimento is running at ${url}${role === "web" ? " (role web)" : ""}\n`);
  if (demoEnv) {
    console.log(`  Admin (also super admin): ${demoEnv.SEED_ADMIN_EMAIL} / ${demoEnv.SEED_ADMIN_PASSWORD}`);
    console.log(`  Agent:                    agent@example.com / agent123\n`);
  }
}

main().catch((e) => {
  console.error(e);
  void stopAll(1);
});
