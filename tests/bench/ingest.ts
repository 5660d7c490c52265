// Benchmark of the inbound path (issue 4 part 8): N messages through ingestInbound on a fresh
// database, CONCURRENCY at a time, ~30% from new contacts and the rest on existing tickets.
// Prints throughput and latency; asserts nothing. Usage:
//   node --import tsx tests/bench/ingest.ts
// BENCH_N, BENCH_CONCURRENCY, BENCH_EXISTING, DB_POOL_MAX vary it; DB_PREPARE=0 runs unprepared.
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDb, getDb } from "@/db";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant } from "../helpers/factories";
import { createTestDatabase } from "../helpers/test-db";

const N = Number(process.env.BENCH_N ?? 5000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
const EXISTING = Number(process.env.BENCH_EXISTING ?? 1000);
const NEW_SHARE = 0.3;

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

async function run(companyId: number, whatsappId: number, messages: InboundMessage[]) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < messages.length) {
        const m = messages[next++];
        const s = performance.now();
        await ingestInbound(getDb(), { companyId, whatsappId, message: m });
        latencies.push(performance.now() - s);
      }
    }),
  );
  return { seconds: (performance.now() - t0) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    // BENCH_CHATBOT=0: a connection without queues, so the bot stays silent (ingest alone)
    const chatbot = process.env.BENCH_CHATBOT !== "0";
    console.log(`chatbot ${chatbot ? "on (connection with two queues and a greeting)" : "off (connection without queues)"}`);
    const t = await createTenant({ chatbot });
    // existing conversations: one ticket per contact, made through the same path (not timed)
    await run(t.companyId, t.whatsappId, Array.from({ length: EXISTING }, (_, i) => message(number(i))));
    // a live database has statistics (autovacuum); a fresh one would plan its first queries blind
    // (BENCH_ANALYZE=0 shows the difference)
    if (process.env.BENCH_ANALYZE !== "0") await getDb().execute(sql`analyze`);
    let fresh = EXISTING;
    const batch = Array.from({ length: N }, () =>
      message(Math.random() < NEW_SHARE ? number(fresh++) : number(Math.floor(Math.random() * EXISTING))),
    );
    const { seconds, latencies } = await run(t.companyId, t.whatsappId, batch);
    const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(2);
    console.log(`database: ${database.kind}; pool ${process.env.DB_POOL_MAX}; concurrency ${CONCURRENCY}; ${EXISTING} existing tickets`);
    console.log(`${N} messages (${fresh - EXISTING} new contacts) in ${seconds.toFixed(2)} s: ${(N / seconds).toFixed(0)} msg/s`);
    console.log(`latency p50 ${q(0.5)} ms   p95 ${q(0.95)} ms   p99 ${q(0.99)} ms   max ${q(1)} ms`);
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
