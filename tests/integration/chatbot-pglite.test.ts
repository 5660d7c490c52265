import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { metrics } from "@/lib/observability/metrics";
import { createTenant } from "../helpers/factories";
import { usePgliteDb } from "../helpers/pglite-db";

// The demo runs on embedded PGlite: the bot's context version (its column and triggers,
// 0012_bot_context_version.sql) must work there too, and the bot answer from the kept context; so
// must the statements that write several inbound messages or several bot turns at once
// (lib/messages/ingest-batch.ts, lib/chatbot/turn-statement.ts).
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

it("customers writing at once share statements there too, and each gets one menu", async () => {
  const t = await createTenant({ chatbot: true });
  const db = getDb();
  const sizes = async () => (await metrics().batchSize.get()).values.filter((v) => v.metricName === "db_batch_size_count");
  const statements = async (name: string) => (await sizes()).find((v) => v.labels.statement === name)?.value ?? 0;
  const failed = async () => (await metrics().batchFallbacks.get()).values.reduce((n, v) => n + v.value, 0);
  const before = { ingest: await statements("ingest"), turns: await statements("bot_turn"), failed: await failed() };
  const numbers = Array.from({ length: 8 }, (_, i) => `55119222200${String(i).padStart(2, "0")}`);
  const results = await Promise.all(
    numbers.map((n) =>
      ingestInbound(db, {
        companyId: t.companyId,
        whatsappId: t.whatsappId,
        message: { wid: `Q${n}`, chatId: n, isGroup: false, from: { number: n, name: "Cliente" }, fromMe: false, body: "Oi", mediaType: null, timestamp: new Date() },
      }),
    ),
  );
  expect(await statements("ingest")).toBeLessThan(before.ingest + 8);
  expect(await statements("bot_turn")).toBeLessThan(before.turns + 8);
  // the statements for several ran there (none fell back to one by one)
  expect(await failed()).toBe(before.failed);
  for (const { ticketId } of results) {
    const rows = await db.select({ body: messages.body }).from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)));
    expect(rows).toHaveLength(1);
    expect(rows[0].body).toContain("*[ 1 ]*");
  }
});
