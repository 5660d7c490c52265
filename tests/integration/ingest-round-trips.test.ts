import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb, rawClient } from "@/db";
import { messages, tickets, whatsapps } from "@/db/schema";
import { wakeWorker } from "@/lib/chatbot/queue-bot-message";
import { wakesSent } from "@/lib/chatbot/wake-worker";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, type Tenant } from "../helpers/factories";

// issue 19 part 1: the statements one inbound message costs. The ticket's bot fields, the version
// of the bot's context (the context itself is kept by the process) and the campaign probe ride on
// the ingest statement, so a message the bot does not answer is ONE statement; one it answers is
// one too when the process could decide the answer before storing the message (lib/chatbot/ahead.ts),
// then the worker's wake.
let t: Tenant;
let sent: string[] | null = null;
let seq = 0;

beforeAll(async () => {
  t = await createTenant();
  const options = rawClient(getDb()).options as unknown as { debug: unknown };
  options.debug = (_conn: number, text: string) => sent?.push(text);
});
afterEach(() => {
  sent = null;
});

const number = () => `55119${String(Date.now() % 1e6).padStart(6, "0")}${String(++seq).padStart(3, "0")}`;
const inbound = (n: string, body = "Olá"): InboundMessage => ({
  wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
  chatId: n,
  isGroup: false,
  from: { number: n, name: "Maria" },
  fromMe: false,
  body,
  mediaType: null,
  timestamp: new Date(),
});

async function statementsOf(m: InboundMessage) {
  sent = [];
  const result = await ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message: m });
  // the bot's wake is not awaited by ingest (it may wait to share a notify)
  await wakesSent(getDb());
  // postgres.js reads the array types once on each new connection of the pool: not the message's
  const list = sent.filter((text) => !text.includes("pg_catalog.pg_type"));
  sent = null;
  return { result, statements: list };
}

const botReplies = async (ticketId: number) =>
  (await getDb().select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true)))).length;

describe("one inbound message", () => {
  it("the bot answers a new customer: one statement stores the message and the answer, then the wake", async () => {
    // the connection's bot context is kept by the process once read (lib/chatbot/context-cache.ts)
    await statementsOf(inbound(number()));
    const { result, statements } = await statementsOf(inbound(number()));
    expect(await botReplies(result.ticketId)).toBe(1);
    expect(statements).toHaveLength(2);
    expect(statements[0]).toContain("ingest_message(");
    expect(statements[0]).toContain("write_bot_turn(");
    expect(statements[1]).toContain("pg_notify");
  });

  it("the bot answers a known customer's next message in one statement too", async () => {
    const n = number();
    const first = await statementsOf(inbound(n));
    const { result, statements } = await statementsOf(inbound(n, "nada disso"));
    expect(result.ticketId).toBe(first.result.ticketId);
    // the menu, then the invalid answer's menu again
    expect(await botReplies(result.ticketId)).toBe(2);
    expect(statements).toHaveLength(2);
    expect(statements[1]).toContain("pg_notify");
  });

  it("after a change to the bot's context, the next message reads it once and is answered with it", async () => {
    await statementsOf(inbound(number()));
    const greeting = `Olá ${++seq}`;
    await getDb().update(whatsapps).set({ greetingMessage: greeting }).where(eq(whatsapps.id, t.whatsappId));
    // the answer decided ahead on the old context is not written: the bot runs after the message
    const first = await statementsOf(inbound(number()));
    expect(first.statements).toHaveLength(4);
    expect(first.statements[1]).toContain("bot_context_version");
    expect(first.statements[2]).toContain("write_bot_turn(");
    const [reply] = await getDb().select().from(messages).where(and(eq(messages.ticketId, first.result.ticketId), eq(messages.fromMe, true)));
    expect(reply.body).toContain(greeting);
    expect((await statementsOf(inbound(number()))).statements).toHaveLength(2);
  });

  it("on a ticket an agent holds: one statement", async () => {
    const n = number();
    const { result } = await statementsOf(inbound(n));
    await getDb().update(tickets).set({ status: "open", userId: t.agent.id }).where(eq(tickets.id, result.ticketId));
    const { statements } = await statementsOf(inbound(n, "bom dia"));
    expect(statements).toHaveLength(1);
    expect(await botReplies(result.ticketId)).toBe(1);
  });

  it("past the bot's bound (the ticket waits for an agent): one statement", async () => {
    const n = number();
    const { result } = await statementsOf(inbound(n));
    await getDb().update(tickets).set({ chatbot: false }).where(eq(tickets.id, result.ticketId));
    const { statements } = await statementsOf(inbound(n, "não sei"));
    expect(statements).toHaveLength(1);
    expect(await botReplies(result.ticketId)).toBe(1);
  });
});

describe("wakeWorker", () => {
  let listener: postgres.Sql;
  afterAll(async () => listener?.end({ timeout: 5 }));

  it("wakes of one connection share a notify, and one asked after it was sent gets its own", async () => {
    listener = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    const got: string[] = [];
    await listener.listen("outbox", (payload) => void got.push(payload));
    await Promise.all(Array.from({ length: 10 }, () => wakeWorker(getDb(), [t.whatsappId])));
    await expect.poll(() => got.length).toBe(1);
    // sent already: the next ones share a second notify (no sooner than 5 ms after the first)
    await Promise.all(Array.from({ length: 3 }, () => wakeWorker(getDb(), [t.whatsappId])));
    await expect.poll(() => got.length).toBe(2);
    await new Promise((r) => setTimeout(r, 200));
    expect(got).toEqual([String(t.whatsappId), String(t.whatsappId)]);
  });
});
