import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { createTenant } from "../helpers/factories";
import { usePgliteDb } from "../helpers/pglite-db";

// The demo runs on embedded PGlite: the bot's context version (its column and triggers,
// 0012_bot_context_version.sql) must work there too, and the bot answer from the kept context.
let stop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  stop = await usePgliteDb("chatbot-pglite-");
}, 120_000);

afterAll(async () => {
  await stop?.();
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
