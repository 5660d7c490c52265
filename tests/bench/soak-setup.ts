// The soak's database side (tests/bench/whatsapp-soak.ts): a fresh migrated database on the local
// Postgres (tests/helpers/test-db.ts, as the other benches), one company with ten `beta`
// connections whose chatbot answers every message (two queues, a greeting, no bound on repeats), a
// campaign on the first two, and the 60 s cut.
import { createWriteStream } from "node:fs";
import { randomBytes } from "node:crypto";
import { format } from "node:util";
import postgres from "postgres";
import { getDb } from "@/db";
import { campaignSettings, campaigns, contactListItems, contactLists, whatsappQueues, whatsapps } from "@/db/schema";
import { createLogger } from "@/lib/observability/logger";
import { createTenant } from "../helpers/factories";
import { adminUrl } from "../helpers/test-db";

export const GREETING = "Olá! Escolha um setor:";

/**
 * Everything the product prints (console lines of the worker, the adapter, the scheduler, and the
 * pino logger) goes to a file: the soak's own lines stay readable. Answers the file and the count
 * of error lines written to it.
 */
export function quietProductLogs(path: string) {
  const out = createWriteStream(path);
  const counts = { lines: 0, errors: 0 };
  const write = (level: string) => (...args: unknown[]) => {
    counts.lines++;
    if (level === "error") counts.errors++;
    out.write(`${new Date().toISOString()} ${level} ${format(...args)}\n`);
  };
  console.log = write("log");
  console.info = write("info");
  console.warn = write("warn");
  console.error = write("error");
  console.debug = write("debug");
  (globalThis as { __appLogger?: unknown }).__appLogger = createLogger({ level: "warn", pretty: false, destination: out });
  return { counts, close: () => new Promise<void>((r) => out.end(r)) };
}

export type SoakTenant = { companyId: number; connections: { id: number; phone: string }[]; campaignIds: number[]; campaignNumbers: string[] };

/** The company, its connections (OPENING: the worker claims them) and the campaigns (due now). */
export async function createSoakTenant(opts: { connections: number; campaignLines: number; recipients: number }): Promise<SoakTenant> {
  const db = getDb();
  const t = await createTenant({ plan: { useCampaigns: true } });
  const { companyId } = t;
  const connections = await db
    .insert(whatsapps)
    .values(
      Array.from({ length: opts.connections }, (_, i) => ({
        companyId,
        name: `Soak ${i + 1}`,
        provider: "beta",
        status: "OPENING",
        token: randomBytes(18).toString("base64url"),
        greetingMessage: GREETING,
        // the bot answers every message of a ticket in its hands: no bound, no time limit
        maxUseBotQueues: 0,
        timeUseBotQueues: 0,
      })),
    )
    .returning({ id: whatsapps.id });
  await db.insert(whatsappQueues).values(connections.flatMap((c) => t.queueIds.map((queueId) => ({ whatsappId: c.id, queueId, companyId }))));
  // interval 0 chosen: on a real number the pacer's minimum (10 s) applies instead
  for (const [key, value] of Object.entries({ messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 })) {
    await db.insert(campaignSettings).values({ companyId, key, value: JSON.stringify(value) });
  }
  const campaignIds: number[] = [];
  const campaignNumbers: string[] = [];
  for (const [i, c] of connections.slice(0, opts.campaignLines).entries()) {
    const numbers = Array.from({ length: opts.recipients }, (_, j) => `55219${String(i + 1).padStart(2, "0")}${String(j + 1).padStart(6, "0")}`);
    campaignNumbers.push(...numbers);
    const [list] = await db.insert(contactLists).values({ companyId, name: `Soak list ${i + 1}` }).returning({ id: contactLists.id });
    await db.insert(contactListItems).values(numbers.map((number, j) => ({ companyId, contactListId: list.id, name: `Destinatário ${j + 1}`, number, isWhatsappValid: true })));
    const [row] = await db
      .insert(campaigns)
      .values({ companyId, name: `Soak ${i + 1}`, message1: "Olá {nome}, temos uma oferta para você.", status: "PROGRAMADA", scheduledAt: new Date(Date.now() - 1000), whatsappId: c.id, contactListId: list.id })
      .returning({ id: campaigns.id });
    campaignIds.push(row.id);
  }
  return { companyId, connections: connections.map((c, i) => ({ id: c.id, phone: `55119000${String(i + 1).padStart(5, "0")}` })), campaignIds, campaignNumbers };
}

/**
 * The database cut: new connections to the soak's database are refused (ALLOW_CONNECTIONS false)
 * and every open one is terminated, from an admin connection to the server's `postgres` database.
 * Statements in flight fail (some after their commit), the pools' reconnects are refused, so the
 * adapter's inbox writes, the drain, the worker's ticks and sends all meet the database away, as
 * in a real outage, until `restore`.
 */
export function databaseCut(url: string) {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  const admin = postgres(adminUrl(), { max: 1, onnotice: () => {} });
  return {
    async cut() {
      await admin.unsafe(`alter database "${name}" allow_connections false`);
      const [{ n }] = await admin<{ n: number }[]>`
        select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      return n;
    },
    restore: () => admin.unsafe(`alter database "${name}" allow_connections true`),
    end: () => admin.end({ timeout: 5 }),
  };
}
