// Benchmark of the campaign dispatcher (issue 15 §6): a 10,000-contact list, intervals 0, a campaign
// started and dispatched through the real services in a loop as the embedded scheduler runs them
// (startDueCampaigns, then dispatchDue until a batch is not full), while the real WhatsApp worker
// sends the campaign outbox through the sandbox provider. Prints the dispatcher's claims per
// second, the time to FINALIZADA, the peak RSS of this process (dispatcher and worker together) and
// checks that exactly 10,000 messages left, one per number. Asserts no times. Usage:
//   node --import tsx tests/bench/campaigns.ts
// BENCH_N (contacts), BENCH_BATCH (recipients a dispatch takes), DB_POOL_MAX vary it.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import { closeDb, getDb } from "@/db";
import { campaigns, campaignSettings, contactListItems, contactLists, sandboxSessions, whatsapps } from "@/db/schema";
import { dispatchDue, startDueCampaigns } from "@/lib/campaigns/dispatch";
import { campaignOutbox } from "@/lib/campaigns/dispatch/outbox";
import { claimOutbox } from "@/lib/messages/claim-outbox";
import { markFailed, markSent } from "@/lib/messages/mark-outbox";
import { setRealtimeSink } from "@/lib/realtime/publish";
import { createSandboxConnection } from "@/lib/whatsapp/providers/sandbox/connection";
import { handleProviderEvent } from "@/lib/whatsapp/worker/event-sink";
import { createWhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createTenant } from "../helpers/factories";
import { createTestDatabase } from "../helpers/test-db";
import { record } from "./report";

const N = Number(process.env.BENCH_N ?? 10_000);
const BATCH = Number(process.env.BENCH_BATCH ?? 50);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");
process.env.DB_POOL_MAX ??= "10";

const number = (i: number) => `5511${String(700000000 + i)}`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

async function setUp() {
  const t = await createTenant({ chatbot: false });
  const db = getDb();
  for (const [key, value] of Object.entries({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 })) {
    await db.insert(campaignSettings).values({ companyId: t.companyId, key, value: JSON.stringify(value) });
  }
  const [list] = await db.insert(contactLists).values({ companyId: t.companyId, name: "Bench" }).returning();
  for (let i = 0; i < N; i += 2000) {
    const rows = Array.from({ length: Math.min(2000, N - i) }, (_, j) => ({
      companyId: t.companyId,
      contactListId: list.id,
      name: `Contato ${i + j + 1}`,
      number: number(i + j),
      isWhatsappValid: true,
    }));
    await db.insert(contactListItems).values(rows);
  }
  // the sandbox phone already paired (as after a scan), the connection asked to start
  await db.insert(sandboxSessions).values({ whatsappId: t.whatsappId, companyId: t.companyId, pairedAt: new Date(), number: "5511900000001" });
  await db.update(whatsapps).set({ sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, t.whatsappId));
  await db.execute(sql`analyze`);
  return { t, listId: list.id };
}

// BENCH_PROFILE=1: where the worker's time goes (claim, provider send, mark sent), summed
const profile = { claim: 0, send: 0, markSent: 0, claims: 0, sends: 0 };
function timed<A extends unknown[], R>(key: "claim" | "send" | "markSent", fn: (...a: A) => Promise<R>) {
  if (process.env.BENCH_PROFILE !== "1") return fn;
  return async (...a: A) => {
    const s = performance.now();
    try {
      return await fn(...a);
    } finally {
      profile[key] += performance.now() - s;
      if (key === "claim") profile.claims++;
      if (key === "send") profile.sends++;
    }
  };
}

function sandboxWorker() {
  const outbox = campaignOutbox(getDb);
  return createWhatsAppWorker({
    db: getDb,
    workerId: "bench-worker",
    providers: ["sandbox"],
    tickMs: 50,
    log: () => {},
    createConnection: (_p, ctx) => {
      const conn = createSandboxConnection(ctx, { pollMs: 200 });
      return { ...conn, send: timed("send", conn.send) };
    },
    onEvent: (conn, ev) => handleProviderEvent(getDb(), conn, ev),
    outbox: {
      claim: (w, l) => claimOutbox(getDb(), w, l),
      markSent: async (r) => void (await markSent(getDb(), r)),
      markFailed: async (r) => void (await markFailed(getDb(), r)),
    },
    campaignOutbox: { ...outbox, claim: timed("claim", outbox.claim), markSent: timed("markSent", outbox.markSent) },
  });
}

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  let events = 0;
  setRealtimeSink((e) => void (events += e.length));
  let peakRss = process.memoryUsage().rss;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 50);
  const worker = sandboxWorker();
  try {
    const { t, listId } = await setUp();
    worker.start();
    // the connection is up before the clock starts
    while (!(await getDb().execute(sql`select 1 from whatsapps where id = ${t.whatsappId} and status = 'CONNECTED'`)).length) await sleep(50);
    const [c] = await getDb()
      .insert(campaigns)
      .values({ companyId: t.companyId, name: "Bench", message1: "Olá {nome}, oferta para {numero}", status: "PROGRAMADA", scheduledAt: new Date(), whatsappId: t.whatsappId, contactListId: listId })
      .returning();

    const t0 = performance.now();
    const { started } = await startDueCampaigns(getDb(), new Date());
    const tStarted = performance.now();
    let queued = 0;
    let batches = 0;
    for (;;) {
      const r = await dispatchDue(getDb(), new Date(), { limit: BATCH });
      queued += r.queued;
      batches++;
      if (!r.full) break;
    }
    const tQueued = performance.now();
    for (;;) {
      const [row] = (await getDb().execute(sql`select status from campaigns where id = ${c.id}`)) as unknown as { status: string }[];
      if (row.status === "FINALIZADA") break;
      if (performance.now() - t0 > 15 * 60_000) throw new Error("not FINALIZADA after 15 minutes");
      await sleep(20);
    }
    const tDone = performance.now();

    const [out] = (await getDb().execute(sql`
      select count(*)::int as total, count(distinct number)::int as numbers, count(distinct wid)::int as wids
      from sandbox_messages where whatsapp_id = ${t.whatsappId} and direction = 'out'
    `)) as unknown as { total: number; numbers: number; wids: number }[];
    const [ship] = (await getDb().execute(sql`
      select count(*) filter (where status = 'delivered')::int as delivered, count(*)::int as total from campaign_shipping where campaign_id = ${c.id}
    `)) as unknown as { delivered: number; total: number }[];

    const s = (ms: number) => (ms / 1000).toFixed(2);
    console.log(`database: ${database.kind}; pool ${process.env.DB_POOL_MAX}; ${N} contacts, intervals 0, dispatch batch ${BATCH}`);
    console.log(`start (recipients fixed): ${s(tStarted - t0)} s (campaign ${started.join(",")})`);
    console.log(`dispatch: ${queued} claimed in ${batches} batches, ${s(tQueued - tStarted)} s: ${(queued / ((tQueued - tStarted) / 1000)).toFixed(0)} claims/s`);
    console.log(`start + dispatch: ${(N / ((tQueued - t0) / 1000)).toFixed(0)} contacts/s`);
    console.log(`time to FINALIZADA: ${s(tDone - t0)} s (worker sending with the sandbox: ${(N / ((tDone - t0) / 1000)).toFixed(0)} messages/s)`);
    console.log(`peak RSS of the process (dispatcher + worker): ${mb(peakRss)}; realtime events published: ${events}`);
    console.log(`sandbox phone: ${out.total} messages out, ${out.numbers} distinct numbers, ${out.wids} distinct ids; recipients delivered ${ship.delivered}/${ship.total}`);
    record({ measure: `campaign start + dispatch (${N} contacts)`, figure: N / ((tQueued - t0) / 1000), unit: "contacts/s" });
    record({ measure: `campaign shipped to FINALIZADA (${N} contacts)`, figure: N / ((tDone - t0) / 1000), unit: "msg/s" });
    record({ measure: "campaign messages sent twice or lost", figure: Math.abs(out.total - N) + (N - out.numbers), unit: "msgs", target: { op: "=", value: 0 } });
    const ok = out.total === N && out.numbers === N && ship.delivered === N;
    console.log(ok ? `check: exactly ${N} messages left, one per number` : `CHECK FAILED: expected ${N} messages, one per number`);
    if (!ok) process.exitCode = 1;
    if (process.env.BENCH_PROFILE === "1") {
      const per = (ms: number, n: number) => `${s(ms)} s (${(ms / Math.max(n, 1)).toFixed(2)} ms each)`;
      console.log(`worker: claim ${per(profile.claim, profile.claims)} over ${profile.claims} claims; send ${per(profile.send, profile.sends)}; mark sent ${per(profile.markSent, profile.sends)}`);
    }
  } finally {
    clearInterval(sampler);
    await worker.stop();
    setRealtimeSink(null);
    await closeDb();
    await database.drop();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

// exits when done: the sandbox phone's delayed delivery receipts can still arrive after the worker
// stopped, and one that opens a new database pool would keep the process alive (a hang of minutes
// inside `npm run bench`, seen once at 10,000 contacts)
main().then(
  () => process.exit(),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
