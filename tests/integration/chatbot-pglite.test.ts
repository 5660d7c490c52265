import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { closeDb, getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { startEmbeddedPostgres } from "@/workers/embedded-postgres";
import { createTenant } from "../helpers/factories";

// The demo runs on embedded PGlite: the bot's context version (its column and triggers,
// 0012_bot_context_version.sql) must work there too, and the bot answer from the kept context.
let dir: string;
let pg: Awaited<ReturnType<typeof startEmbeddedPostgres>>;
let saved: Record<string, string | undefined>;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "chatbot-pglite-"));
  pg = await startEmbeddedPostgres(dir, 0);
  saved = { DATABASE_URL: process.env.DATABASE_URL, DB_PREPARE: process.env.DB_PREPARE, DB_POOL_MAX: process.env.DB_POOL_MAX };
  Object.assign(process.env, { DATABASE_URL: pg.url, DB_PREPARE: "0", DB_POOL_MAX: "4" });
}, 120_000);

afterAll(async () => {
  await closeDb();
  for (const [k, v] of Object.entries(saved ?? {})) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  await Promise.race([pg?.stop(), new Promise((r) => setTimeout(r, 5000))]);
  await rm(dir, { recursive: true, force: true });
});

it("answers with the connection's greeting, and with the new one after it changed", async () => {
  const t = await createTenant({ chatbot: true });
  const db = getDb();
  const said = async (n: string) => {
    const { ticketId } = await ingestInbound(db, {
      companyId: t.companyId,
      whatsappId: t.whatsappId,
      message: { wid: `P${n}`, chatId: n, isGroup: false, from: { number: n, name: "Cliente" }, fromMe: false, body: "Oi", mediaType: null, timestamp: new Date() },
    });
    const rows = await db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id));
    return rows.map((r) => r.body);
  };
  await db.update(whatsapps).set({ greetingMessage: "Primeira saudação" }).where(eq(whatsapps.id, t.whatsappId));
  const [first] = await said("5511911110001");
  expect(first.startsWith("Primeira saudação\n\n*[ 1 ]*")).toBe(true);
  await db.update(whatsapps).set({ greetingMessage: "Segunda saudação" }).where(eq(whatsapps.id, t.whatsappId));
  const [second] = await said("5511911110002");
  expect(second.startsWith("Segunda saudação\n\n*[ 1 ]*")).toBe(true);
});
