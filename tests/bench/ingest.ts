// Benchmark of the inbound path (issue 4 part 8, issue 19 part 1): N messages through ingestInbound
// on a fresh database, CONCURRENCY at a time, ~30% from new contacts and the rest on existing
// tickets. Beside it, on a second fresh database, the same rows written bare (ingest-bare.ts: the
// physical limit on this machine) and the ratio ours/bare, the figure that survives a busy machine.
// Prints throughput and latency; asserts nothing. Usage:
//   node --import tsx tests/bench/ingest.ts
// BENCH_N, BENCH_CONCURRENCY, BENCH_EXISTING, DB_POOL_MAX vary it; DB_PREPARE=0 runs unprepared;
// BENCH_CHATBOT=0 a connection without queues (the bot stays silent); BENCH_BARE=0 skips the bare
// run; BENCH_NO_TRGM=1 drops the trigram search indexes first (what they cost the writes);
// BENCH_NO_FK=1 drops the messages' foreign keys to their company and connection (what checking
// those two hot parent rows on every message row costs: a what-if, the product keeps them);
// BENCH_GIN="gin_pending_list_limit=64" sets options on them; BENCH_STATS=1 prints the tables'
// inserts and updates (HOT ones apart). The bench stands for the worker process that runs the
// connection: the bot's wakes are local there (lib/whatsapp/worker/local-wake.ts; the outbox pass
// a wake starts is not measured, as the tick a NOTIFY started was not); BENCH_LOCAL_WAKE=0 measures
// a process that doesn't run it (a NOTIFY per wake). docs/performance-ingest.md: findings.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDb, getDb, rawClient } from "@/db";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { metrics } from "@/lib/observability/metrics";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { offerLocalWake } from "@/lib/whatsapp/worker/local-wake";
import { createTenant } from "../helpers/factories";
import { createTestDatabase } from "../helpers/test-db";
import { cpuMeter } from "./cpu";
import { insertBare, knownTickets } from "./ingest-bare";
import { record } from "./report";

const N = Number(process.env.BENCH_N ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 1000);
const NEW_SHARE = 0.3;
const CHATBOT = process.env.BENCH_CHATBOT !== "0";
// index options for both trigram indexes, e.g. "fastupdate=off" (a what-if beside migration 0010)
const GIN = process.env.BENCH_GIN;

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");
// one pool slot per concurrent ingest: the worker sizes its pool the same way
process.env.DB_POOL_MAX ??= String(CONCURRENCY);

let counter = 0;
const number = (i: number) => `5511${String(900000000 + i)}`;
const message = (n: string): InboundMessage => ({
  wid: `BENCH${(++counter).toString(16).toUpperCase().padStart(12, "0")}`,
  chatId: n,
  isGroup: false,
  from: { number: n, name: `Cliente ${n.slice(-4)}` },
  fromMe: false,
  body: `mensagem ${counter}: olá, preciso de ajuda com o meu pedido`,
  mediaType: null,
  timestamp: new Date(),
});

type Result = { seconds: number; latencies: number[] };

async function run(messages: InboundMessage[], write: (m: InboundMessage) => Promise<unknown>): Promise<Result> {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < messages.length) {
        const m = messages[next++];
        const s = performance.now();
        await write(m);
        latencies.push(performance.now() - s);
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

/** One fresh database: the tenant, its existing conversations (not timed), then the timed batch. */
type Measured = Result & {
  kind: string;
  botReplies: number;
  cpu: Awaited<ReturnType<Awaited<ReturnType<typeof cpuMeter>>>>;
  /** ingest statements and the writes they carried (db/batched-statement.ts) */
  statements: number[];
  /** WAL written during the batch (the whole server's: run it alone) */
  walBytes: number;
};

/**
 * [statements, writes, failed statements] of each batched write so far (the process's metrics):
 * ingest, then the bot's turns; then the turns decided ahead written with their message, and not.
 */
async function batchStatements(): Promise<number[]> {
  const sizes = (await metrics().batchSize.get()).values;
  const failed = (await metrics().batchFallbacks.get()).values;
  const ahead = (await metrics().turnsAhead.get()).values;
  const counts = ["ingest", "bot_turn"].flatMap((statement) => {
    const of = (name: string) => sizes.find((v) => v.labels.statement === statement && v.metricName === name)?.value ?? 0;
    return [of("db_batch_size_count"), of("db_batch_size_sum"), failed.find((v) => v.labels.statement === statement)?.value ?? 0];
  });
  return [...counts, ...["true", "false"].map((written) => ahead.find((v) => v.labels.written === written)?.value ?? 0)];
}

async function measure(warmUp: InboundMessage[], batch: InboundMessage[], bare: boolean): Promise<Measured> {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    const db = getDb();
    if (process.env.BENCH_NO_TRGM === "1") await db.execute(sql`drop index messages_body_trgm_idx; drop index contacts_name_number_trgm_idx`);
    if (process.env.BENCH_NO_FK === "1")
      await db.execute(sql`alter table messages drop constraint messages_company_id_companies_id_fk, drop constraint messages_whatsapp_id_whatsapps_id_fk`);
    if (GIN) await db.execute(sql.raw(`alter index messages_body_trgm_idx set (${GIN}); alter index contacts_name_number_trgm_idx set (${GIN})`));
    const t = await createTenant({ chatbot: CHATBOT });
    const ref = { companyId: t.companyId, whatsappId: t.whatsappId };
    // existing conversations: one ticket per contact, made through the product's path
    await run(warmUp, (m) => ingestInbound(db, { ...ref, message: m }));
    // a live database has statistics (autovacuum); a fresh one would plan its first queries blind
    // (BENCH_ANALYZE=0 shows the difference)
    if (process.env.BENCH_ANALYZE !== "0") await db.execute(sql`analyze`);
    const client = rawClient(db);
    const known = bare ? await knownTickets(client, t.companyId) : null;
    const ownMessages = async () => (await client<{ n: number }[]>`select count(*)::int as n from messages where from_me`)[0].n;
    const before = await ownMessages();
    // every connection of the pool open before the meter lists the backends it reads: batched
    // writes need fewer at once, so the warm-up may not have opened them all
    await Promise.all(Array.from({ length: Number(process.env.DB_POOL_MAX) }, () => client`select pg_sleep(0.05)`));
    const cpu = await cpuMeter(client);
    const [{ lsn: lsn0 }] = await client`select pg_current_wal_lsn() as lsn`;
    const batches0 = await batchStatements();
    const result = await run(batch, (m) => (known ? insertBare(client, ref, known, m) : ingestInbound(db, { ...ref, message: m })));
    const used = await cpu();
    const [{ bytes }] = await client`select pg_wal_lsn_diff(pg_current_wal_lsn(), ${lsn0}) as bytes`;
    const batches = (await batchStatements()).map((n, i) => n - batches0[i]);
    if (process.env.BENCH_STATS === "1") {
      await new Promise((r) => setTimeout(r, 800));
      console.table(await client`select relname, n_tup_ins, n_tup_upd, n_tup_hot_upd from pg_stat_user_tables where n_tup_ins + n_tup_upd > 0 order by relname`);
      console.table(await client`select wal_records, wal_fpi, wal_bytes from pg_stat_wal`);
    }
    // what the bot wrote during the batch (its replies are rows too, and most of the chatbot's cost)
    return { ...result, cpu: used, botReplies: (await ownMessages()) - before, kind: database.kind, statements: batches, walBytes: Number(bytes) };
  } finally {
    await closeDb();
    await database.drop();
  }
}

async function main() {
  if (process.env.BENCH_LOCAL_WAKE !== "0") offerLocalWake(() => true);
  console.log(`chatbot ${CHATBOT ? "on (connection with two queues and a greeting)" : "off (connection without queues)"}`);
  const warmUp = Array.from({ length: EXISTING }, (_, i) => message(number(i)));
  let fresh = EXISTING;
  const batch = Array.from({ length: N }, () =>
    message(Math.random() < NEW_SHARE ? number(fresh++) : number(Math.floor(Math.random() * EXISTING))),
  );
  const ours = await measure(warmUp, batch, false);
  const bare = process.env.BENCH_BARE === "0" ? null : await measure(warmUp, batch, true);
  const q = (r: Result, p: number) => r.latencies[Math.min(r.latencies.length - 1, Math.floor(p * r.latencies.length))].toFixed(2);
  const rate = (r: Result) => N / r.seconds;
  console.log(`database: ${ours.kind}; pool ${process.env.DB_POOL_MAX}; concurrency ${CONCURRENCY}; ${EXISTING} existing tickets`);
  const perMessage = (r: Measured) =>
    `node ${(r.cpu.node / N).toFixed(2)} ms${r.cpu.pg === null ? "" : ` + postgres ${(r.cpu.pg / N).toFixed(2)} ms`}`;
  if (CHATBOT) console.log(`bot replies: ${ours.botReplies} outbox rows written by the bot for the ${N} messages (bare writes none)`);
  const [statements, written, failed, turnStatements, turns, turnsFailed, aheadWritten, aheadNot] = ours.statements;
  const perStatement = (n: number, of: number) => (of / Math.max(1, n)).toFixed(1);
  console.log(`ingest statements: ${statements} for ${written} messages (${perStatement(statements, written)} a statement, ${failed} failed)`);
  if (CHATBOT) {
    console.log(`bot turns decided ahead: ${aheadWritten} written by their message's statement, ${aheadNot} not (the bot ran after the message)`);
    console.log(`bot turn statements (after the message): ${turnStatements} for ${turns} turns (${perStatement(turnStatements, turns)} a statement, ${turnsFailed} failed)`);
  }
  const wal = (r: Measured) => `${(r.walBytes / N / 1024).toFixed(1)} kB`;
  console.log(`WAL per message: ours ${wal(ours)}${bare ? `; bare ${wal(bare)}` : ""}`);
  console.log(`cpu per message: ours ${perMessage(ours)}${bare ? `; bare ${perMessage(bare)}` : ""}`);
  if (bare) {
    console.log(`bare rows: ${rate(bare).toFixed(0)} msg/s   p50 ${q(bare, 0.5)} ms   p99 ${q(bare, 0.99)} ms`);
    console.log(`ratio ours/bare: ${(rate(ours) / rate(bare)).toFixed(2)} throughput`);
  }
  recordRows(ours, bare, rate, (r, p) => Number(q(r, p)));
  console.log(`${N} messages (${fresh - EXISTING} new contacts) in ${ours.seconds.toFixed(2)} s: ${rate(ours).toFixed(0)} msg/s`);
  console.log(`latency p50 ${q(ours, 0.5)} ms   p95 ${q(ours, 0.95)} ms   p99 ${q(ours, 0.99)} ms   max ${q(ours, 1)} ms`);
}

/** The rows of `npm run bench` (tests/bench/all.ts); nothing when run alone. */
function recordRows(ours: Measured, bare: Measured | null, rate: (r: Result) => number, q: (r: Result, p: number) => number) {
  const what = `ingest, chatbot ${CHATBOT ? "on" : "off"}, concurrency ${CONCURRENCY}`;
  const bareRate = bare ? { ratio: rate(ours) / rate(bare), ratioOf: `bare rows ${rate(bare).toFixed(0)} msg/s` } : {};
  record({ measure: `${what}: throughput`, figure: Math.round(rate(ours)), unit: "msg/s", target: { op: ">=", value: 1500 }, ...bareRate });
  record({ measure: `${what}: p99`, figure: q(ours, 0.99), unit: "ms", target: { op: "<", value: 25 } });
  if (ours.cpu.pg !== null) {
    const cpu = (r: Measured) => (r.cpu.node + (r.cpu.pg ?? 0)) / N;
    const bareCpu = bare ? { ratio: cpu(ours) / cpu(bare), ratioOf: `bare rows ${cpu(bare).toFixed(2)} ms` } : {};
    record({ measure: `${what}: CPU per message (node + postgres)`, figure: Number(cpu(ours).toFixed(2)), unit: "ms", ...bareCpu });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
