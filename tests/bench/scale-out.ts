// Scale-out on one machine (issue 18), with every process the compose file runs: one realtime
// process, two web processes on two ports, three WhatsApp workers (launcher roles), one scratch
// Postgres database, ten sandbox connections, traffic through both web processes over HTTP and a
// pusher-js browser through each. One worker gets SIGTERM, then the busiest survivor SIGKILL.
// Prints the takeover times and the counts; asserts nothing. Needs a production build (`npx next
// build`) in SCALE_OUT_APP_DIR (default: here). Usage: node --import tsx tests/bench/scale-out.ts
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { closeDb } from "@/db";
import { openBenchDatabase } from "./bench-db";
import { record } from "./report";
import { openBrowser, type Browser } from "./scale-out-browser";
import { newRealtime, processEnv } from "./scale-out-env";
import { httpFront } from "./scale-out-front";
import { startRole, stopAll, waitUntil, type ProductProcess } from "./scale-out-processes";
import { runScaleOut } from "./scale-out-scenario";
import { createWorld } from "./scale-out-world";

const APP_DIR = path.resolve(process.env.SCALE_OUT_APP_DIR ?? ".");
// the processes it starts refuse to run without them (the integration test's setup sets its own)
process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");
const LEASE_MS = Number(process.env.SCALE_OUT_LEASE_MS ?? 10_000);
const [RT_PORT, WEB_A, WEB_B] = [3640, 3641, 3642];

async function main() {
  if (!fs.existsSync(path.join(APP_DIR, ".next", "BUILD_ID"))) {
    console.error(`scale-out: no production build in ${APP_DIR}: run \`npx next build\` there first (or set SCALE_OUT_APP_DIR)`);
    process.exit(1);
  }
  const db = await openBenchDatabase();
  process.env.DATABASE_URL = db.url;
  const procs: ProductProcess[] = [];
  const browsers: Browser[] = [];
  try {
    const world = await createWorld(10);
    const realtime = newRealtime(RT_PORT);
    const env = (extra: Record<string, string> = {}) => processEnv(db.url, realtime, LEASE_MS, extra);
    const start = (role: "web" | "worker" | "realtime", name: string, extra?: Record<string, string>) => {
      const p = startRole(role, name, { cwd: APP_DIR, env: env(extra) });
      procs.push(p);
      return p;
    };
    const rt = start("realtime", "realtime");
    const webs = [WEB_A, WEB_B].map((port, i) => start("web", `web ${i + 1}`, { PORT: String(port), APP_URL: `http://127.0.0.1:${port}` }));
    const workers = ["worker 1", "worker 2", "worker 3"].map((name) => start("worker", name));
    await waitUntil("the realtime process", async () => (await fetch(`http://127.0.0.1:${RT_PORT}/health`)).ok, { proc: rt });
    for (const [i, w] of webs.entries()) {
      await waitUntil(`${w.name}`, async () => (await fetch(`http://127.0.0.1:${[WEB_A, WEB_B][i]}/api/version`)).ok, { proc: w, timeoutMs: 180_000 });
    }
    const fronts = await Promise.all(webs.map((w, i) => httpFront(w.name, `http://127.0.0.1:${[WEB_A, WEB_B][i]}`, world.admins[i])));
    for (const f of fronts) browsers.push(await openBrowser(f, realtime, world.tenant.companyId));
    const started = Date.now();
    const r = await runScaleOut({ world, fronts, browsers, workers, roundMs: 500, phaseMs: 5000, tag: "B" });
    console.log(`scale-out: 1 realtime, 2 web, 3 workers, 10 sandbox connections, lease ${LEASE_MS} ms (${Math.round((Date.now() - started) / 1000)} s)`);
    console.log(`  connections per worker at start   ${r.split.join(" / ")}`);
    console.log(`  takeover after SIGTERM            ${r.takeoverAfterTermMs} ms (${r.termReleased})`);
    console.log(`  takeover after SIGKILL            ${r.takeoverAfterKillMs} ms (lease ${LEASE_MS} ms)`);
    console.log(`  customer messages / agent replies ${r.inbound} / ${r.replies}`);
    console.log(`  messages lost                     ${r.inboundLost + r.repliesLost} (inbound ${r.inboundLost}, replies ${r.repliesLost})`);
    console.log(`  sent twice (phone rows per id)    ${r.sentTwice}; stored twice ${r.storedTwice}; delivered again after a crash ${r.deliveredAgain}`);
    console.log(`  connections unserved after kill  ${r.unservedConnections}`);
    const lost = r.inboundLost + r.repliesLost;
    record({ measure: "scale-out: takeover after SIGTERM", figure: r.takeoverAfterTermMs, unit: "ms" });
    record({ measure: `scale-out: takeover after SIGKILL (lease ${LEASE_MS} ms)`, figure: r.takeoverAfterKillMs, unit: "ms", ratio: r.takeoverAfterKillMs / LEASE_MS, ratioOf: "lease" });
    record({ measure: "scale-out: messages lost", figure: lost, unit: "msgs", target: { op: "=", value: 0 } });
    record({ measure: "scale-out: messages sent or stored twice", figure: r.sentTwice + r.storedTwice, unit: "msgs", target: { op: "=", value: 0 } });
    record({ measure: "scale-out: connections unserved after SIGKILL", figure: r.unservedConnections, unit: "conns", target: { op: "=", value: 0 } });
    for (const [name, missing] of Object.entries(r.browsersMissing)) {
      record({ measure: `scale-out: live events missed by ${name}`, figure: missing, unit: "msgs", target: { op: "=", value: 0 } });
      const other = r.unexplainedMisses[name];
      console.log(`  ${name.padEnd(34)}missed ${missing} of ${r.inbound + r.replies} messages (${missing - other} stored by the killed worker just before SIGKILL)`);
    }
  } finally {
    browsers.forEach((b) => b.close());
    await stopAll(procs);
    await closeDb();
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
