// The WhatsApp soak (issue 33 §10): ten `beta` connections through an hour of fake time, on the
// real worker, the real Baileys adapter (fake sockets: tests/helpers/fake-baileys-socket.ts), the
// real chatbot and campaign dispatcher, and a real Postgres database (a fresh one, dropped at the
// end). Run by hand, not in the suite:
//   node --import tsx tests/bench/whatsapp-soak.ts
// SOAK_SPEED (default 24: the hour in 150 s), SOAK_DB_CUT_S (60), SOAK_SEED, SOAK_CUSTOMERS (8 per
// connection), SOAK_LEASE_MS (5000) vary it; SOAK_KEEP_DB=1 keeps the database. The product's own
// log lines go to a file (its path is printed).
//
// What the hour exercises (soak-scenario.ts): customers write all along (soak-world.ts), live
// (`notify`) while their connection's socket is open, held by WhatsApp otherwise and delivered as
// one `append` batch when the next socket opens; sockets drop for every reason WhatsApp gives, some
// reconnects fail before opening; the worker crashes twice (abandoned, a new worker takes the
// leases over when they lapse); the database is cut for a minute (the adapter must keep what it
// received and retry); one number is logged out late and paired again; a campaign runs on two
// connections all along. Fake time (soak-clock.ts) compresses WhatsApp-side durations only.
//
// It ends with one line, from the database's rows and what reached the fake WhatsApp:
//   soak: lost N, duplicated N, unanswered N, min spacing X s
// - lost: customer messages (connection, wid) the customers wrote that are not in `messages`;
// - duplicated: extra rows of a customer wid in `messages` + extra sends of a campaign row's wid
//   (a recipient getting its message twice) + extra sends of a bot reply's wid, on the fake sockets;
// - unanswered: held messages owed a bot turn (the newest of their chat in their batch, younger than
//   HELD_REPLY_MAX_AGE_MIN, and no message of ours newer than them already in the ticket: the
//   guards of lib/messages/held-guards.ts) that no message of ours, sent, follows in their ticket
//   (those answered only after the customer's next message are counted apart: a lost turn);
// - min spacing: the least gap between two consecutive campaign sends on one connection, from the
//   fake socket's send times. Campaign due times, respacing and the pacer are wall-clock in the
//   product (dates, compared with the database's now()), so these are wall-clock seconds, the gaps
//   WhatsApp itself would see; compared with PACED_MIN_SECONDS. The rows' sent_at gaps are shown beside.
// The exit code is 0 whatever the figures: it is a bench.
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { closeDb } from "@/db";
import { PACED_MIN_SECONDS } from "@/lib/campaigns/dispatch/spacing";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { createTestDatabase } from "../helpers/test-db";
import { compressReconnectDelays, createClock, seeded } from "./soak-clock";
import { countVerdict, liveCounts, type Verdict } from "./soak-count";
import { MIN, runScenario } from "./soak-scenario";
import { createSoakTenant, databaseCut, quietProductLogs } from "./soak-setup";
import { createSoakWorkers } from "./soak-workers";
import { createLine, createWorld, startCustomers, storyOf, type Line } from "./soak-world";

const SPEED = Number(process.env.SOAK_SPEED ?? 24);
const CUT_SECONDS = Number(process.env.SOAK_DB_CUT_S ?? 60);
const SEED = Number(process.env.SOAK_SEED ?? Date.now() % 100_000);
const CUSTOMERS = Number(process.env.SOAK_CUSTOMERS ?? 8);
const LEASE_MS = Number(process.env.SOAK_LEASE_MS ?? 5000);
// SOAK_KEEP_DB=1: the database is not dropped (to look at the rows of a missed target)
const KEEP_DB = process.env.SOAK_KEEP_DB === "1";
const CONNECTIONS = 10;
const HOUR = 60 * MIN;
// each customer writes every three fake minutes on average
const MEAN_GAP = 3 * MIN;
// after the hour: how long (wall clock) everything may take to come back and be sent
const SETTLE_MS = 120_000;

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

const t0 = performance.now();
const wall = () => ((performance.now() - t0) / 1000).toFixed(0);
const out = (line: string) => void process.stdout.write(`${line}\n`);

async function main() {
  // what a stopping connection could not write goes to DATA_DIR/whatsapp-spool: a folder of the run's own
  process.env.DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "whatsapp-soak-"));
  const logPath = `/tmp/whatsapp-soak-${process.pid}.log`;
  const logs = quietProductLogs(logPath);
  out(`soak: seed ${SEED}, speed ${SPEED}x (the hour in ${(3600 / SPEED).toFixed(0)} s), database cut ${CUT_SECONDS} s, ${CONNECTIONS} connections x ${CUSTOMERS} customers; product log: ${logPath}`);
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  setRealtimeSink(() => {});
  const cut = databaseCut(database.url);
  let verdict: (Verdict & { stories: string[] }) | null = null;
  let failure: unknown = null;
  try {
    verdict = await soak(database.url, cut, logs.counts);
  } catch (err) {
    failure = err;
  } finally {
    await cut.restore().catch(() => {});
    await closeDb().catch(() => {});
    await cut.end().catch(() => {});
    if (KEEP_DB) out(`soak: database kept for a look: ${database.url}`);
    else await database.drop().catch((err) => out(`soak: dropping the database failed: ${(err as Error).message}`));
    await logs.close();
  }
  out(`soak: wall time ${wall()} s`);
  if (failure || !verdict) {
    out(`soak: the run failed: ${failure instanceof Error ? (failure.stack ?? failure.message) : String(failure)}`);
    return;
  }
  report(verdict);
  // a timer of an abandoned connection must not keep the bench alive
  setTimeout(() => process.exit(0), 5000).unref();
}

async function soak(url: string, cut: ReturnType<typeof databaseCut>, logCounts: { lines: number; errors: number }) {
  const tenant = await createSoakTenant({ connections: CONNECTIONS, campaignLines: 2, recipients: 40 });
  out(`soak: [${wall()} s] database ready: company ${tenant.companyId}, connections ${tenant.connections.map((c) => c.id).join(", ")}, campaigns on the first two`);
  const random = seeded(SEED);
  const clock = createClock(SPEED);
  const shim = compressReconnectDelays(SPEED);
  const world = createWorld(clock, random.next);
  for (const n of tenant.campaignNumbers) world.registered.add(n);
  const lines: Line[] = tenant.connections.map((c) => createLine(world, c.id, c.phone));
  lines.forEach((line, i) => {
    const numbers = Array.from({ length: CUSTOMERS }, (_, c) => `55119${String(i + 1).padStart(2, "0")}${String(c + 1).padStart(6, "0")}`);
    startCustomers(world, line, numbers, MEAN_GAP, HOUR);
  });
  const workers = createSoakWorkers({ url, lines: new Map(lines.map((l) => [l.whatsappId, l])), speed: SPEED, leaseMs: LEASE_MS });
  const say = (line: string) => out(`soak: [${clock.label()} | ${wall()} s] ${line}`);
  const startedAt = Date.now();
  await workers.start();
  const phases = runScenario({ clock, random, lines, workers, cut, cutSeconds: CUT_SECONDS, leaseMs: LEASE_MS, endMs: HOUR, say });

  // while the database is away a query waits for the pool's reconnects: the progress does not
  const counts = () => Promise.race([liveCounts(tenant.companyId).catch(() => null), new Promise<null>((r) => setTimeout(() => r(null), 2000))]);
  const progress = async (phase: string) => {
    const s = world.stats;
    const drops = [...s.closes.values()].reduce((a, b) => a + b, 0);
    const side = `written ${s.live + s.held} (live ${s.live}, held ${s.held} in ${s.batches} batches), drops ${drops}, failed opens ${s.failedOpens}, reconnect waits ${shim.counts.shortened}, product errors logged ${logCounts.errors}`;
    const c = await counts();
    const db = c
      ? `stored ${c.stored}, inbox ${c.inbox}, bot rows ${c.bot} (unsent ${c.outbox}), campaign sent ${c.campaign}, connected ${c.connected}/${CONNECTIONS}`
      : "database away";
    say(`${phase}: ${side}; ${db}`);
    return c;
  };
  for (let mark = 5 * MIN; mark <= HOUR; mark += 5 * MIN) {
    if (clock.fakeMs() > mark + 2 * MIN) continue;
    await new Promise((r) => setTimeout(r, Math.max(0, clock.real(mark - clock.fakeMs()))));
    await progress(phases.now);
  }

  // the hour is over: nobody writes, nothing drops; every line must come back, hand over what it
  // held, and every message be stored and every reply sent
  const settleStart = Date.now();
  for (let n = 0; ; n++) {
    const c = await counts();
    const quiet = lines.every((l) => l.live && !l.held.length) && c && c.inbox === 0 && c.outbox === 0 && c.campaign_sending === 0;
    if (quiet) break;
    if (Date.now() - settleStart > SETTLE_MS) {
      say(`settling: gave up after ${SETTLE_MS / 1000} s (lines down: ${lines.filter((l) => !l.live).map((l) => l.whatsappId).join(", ") || "none"})`);
      break;
    }
    if (n % 10 === 9) await progress("settling");
    await new Promise((r) => setTimeout(r, 1000));
  }
  await progress("settled");
  await workers.stop();
  clock.stop();
  shim.undo();
  const closes = [...world.stats.closes].map(([k, v]) => `${k} ${v}`).join(", ");
  out(`soak: drops by reason: ${closes}; sockets opened ${world.stats.opens}, failed before opening ${world.stats.failedOpens}; messages written to the unlinked number (never delivered to it) ${world.stats.unlinkedSkipped}`);
  const verdict = await countVerdict(tenant.companyId, world.written, world.sends);
  const stories = [...verdict.samples.lost, ...verdict.samples.unanswered, ...verdict.samples.outOfTurn].map((wid) => storyOf(world, lines, wid, startedAt));
  return { ...verdict, stories };
}

function report(v: Verdict & { stories: string[] }) {
  const spacing = v.minSpacing === null ? "n/a" : v.minSpacing.toFixed(2);
  const rows = v.minSpacingRows === null ? "n/a" : `${v.minSpacingRows.toFixed(2)} s`;
  out(`soak: ${v.expected} customer messages written; lost ${v.lost}`);
  out(`soak: duplicated ${v.duplicated} = customer wids stored twice ${v.storedTwice} + campaign sends twice ${v.campaignTwice} (${v.recipientsTwice} recipients) + bot replies sent twice ${v.outboxTwice}`);
  out(`soak: held messages owed a bot turn ${v.owed}: excused by the guard ${v.excused} (a message of ours newer already in the ticket), late ${v.late}, unanswered ${v.unanswered}; answered only after the customer wrote again (the turn of the held message itself was lost) ${v.outOfTurn}`);
  out(`soak: bot rows ${v.botRows} (not sent at the end ${v.botNotSent}: an answer that never left is no answer); sends matching no row ${v.strays}`);
  const sample = (what: string, wids: string[]) => wids.length && out(`soak: e.g. ${what}: ${wids.join(", ")}`);
  sample("lost", v.samples.lost);
  sample("sent twice", v.samples.duplicated);
  sample("unanswered", v.samples.unanswered);
  sample("answered only after the customer wrote again", v.samples.outOfTurn);
  sample("bot rows failed", v.samples.botFailed);
  for (const story of v.stories) out(`soak: ${story}`);
  out(`soak: campaign sends ${v.campaignSends}; min spacing on the fake socket ${spacing} s, from the rows' sent_at ${rows}; minimum ${PACED_MIN_SECONDS} s`);
  const check = (ok: boolean) => (ok ? "MET" : "NOT MET");
  const spacingOk = v.minSpacing === null || v.minSpacing >= PACED_MIN_SECONDS;
  const all = v.lost === 0 && v.duplicated === 0 && v.unanswered === 0 && spacingOk;
  out(
    `soak: targets: 0 lost ${check(v.lost === 0)}; 0 duplicated ${check(v.duplicated === 0)}; 0 unanswered ${check(v.unanswered === 0)}; spacing >= ${PACED_MIN_SECONDS} s ${check(spacingOk)}: ${all ? "ALL MET" : "NOT MET"}`,
  );
  out(`soak: lost ${v.lost}, duplicated ${v.duplicated}, unanswered ${v.unanswered}, min spacing ${spacing} s`);
}

main().catch((err) => {
  out(`soak: ${(err as Error).stack ?? String(err)}`);
});
