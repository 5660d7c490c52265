// Shared setup of the chatbot integration tests: a tenant whose connection is configured per test,
// the customer writing through real ingest, and what the bot queued.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { getDb } from "@/db";
import { messages, queues, settings, tickets, whatsappQueues, whatsapps } from "@/db/schema";
import { unregisterBotProviders } from "@/lib/bots/registry";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, suffix, type Tenant } from "./factories";
export const published: RealtimeEvent[] = [];
let seq = 0;

/** Call at the top of a chatbot test file: captures published events, clears bot providers. */
export function installChatbotHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => {
    published.length = 0;
  });
  afterEach(() => unregisterBotProviders());
}

export const db = () => getDb();
export const number = () => `5511955${String(++seq).padStart(6, "0")}`;

export type Setup = {
  /** how many queues the connection offers (the factory's two, fewer, or extra ones) */
  queueCount?: 0 | 1 | 2 | 3;
  greeting?: string;
  maxUseBotQueues?: number;
  timeUseBotQueues?: number;
  outOfHoursMessage?: string;
  settings?: Record<string, string>;
  timezone?: string;
};

export type Env = Tenant & { queues: { id: number; name: string }[] };

/** A tenant whose connection is set up as the test says (the factory gives two queues and "Hello"). */
export async function setup(s: Setup = {}): Promise<Env> {
  const t = await createTenant({ timezone: s.timezone });
  const [q1, q2] = t.queueIds;
  const all = await db().select({ id: queues.id, name: queues.name }).from(queues).where(inArray(queues.id, [q1, q2])).orderBy(asc(queues.id));
  if (s.queueCount === 3) {
    // no order: listed after the ordered ones
    const [q3] = await db().insert(queues).values({ companyId: t.companyId, name: `Aaa ${suffix()}`, color: "#111111", greetingMessage: "Third" }).returning({ id: queues.id, name: queues.name });
    await db().insert(whatsappQueues).values({ whatsappId: t.whatsappId, queueId: q3.id, companyId: t.companyId });
    all.push(q3);
  }
  const keep = s.queueCount ?? 2;
  if (keep < 2) {
    await db().delete(whatsappQueues).where(and(eq(whatsappQueues.whatsappId, t.whatsappId), inArray(whatsappQueues.queueId, keep === 1 ? [q2] : [q1, q2])));
    all.splice(keep);
  }
  await db()
    .update(whatsapps)
    .set({
      greetingMessage: s.greeting ?? "Olá! Escolha um setor:",
      maxUseBotQueues: s.maxUseBotQueues ?? 3,
      timeUseBotQueues: s.timeUseBotQueues ?? 0,
      outOfHoursMessage: s.outOfHoursMessage ?? "",
    })
    .where(eq(whatsapps.id, t.whatsappId));
  for (const [key, value] of Object.entries(s.settings ?? {})) await setSetting(t.companyId, key, value);
  return { ...t, queues: all };
}

export async function setSetting(companyId: number, key: string, value: string) {
  await db()
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

export function inbound(from: string, body: string, at: Date, extra: Partial<InboundMessage> = {}): InboundMessage {
  return {
    wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
    chatId: from,
    isGroup: false,
    from: { number: from, name: "Cliente" },
    fromMe: false,
    body,
    mediaType: null,
    timestamp: at,
    ...extra,
  };
}

/** The customer writes (at `at`, the bot's clock); answers the ticket id. */
export async function write(env: Env, from: string, body: string, at = new Date(), extra: Partial<InboundMessage> = {}) {
  const res = await ingestInbound(db(), { companyId: env.companyId, whatsappId: env.whatsappId, message: inbound(from, body, at, extra) });
  return res.ticketId;
}

export const ticket = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];

/** The bot's outbox rows of a ticket, oldest first. */
export async function botRows(ticketId: number) {
  return db().select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id));
}
export const botSaid = async (ticketId: number) => (await botRows(ticketId)).map((m) => m.body);

export const menuOf = (env: Env, header: string) => `${header}\n\n${env.queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n")}`;

export const listEvents = (action: string) => published.filter((e) => e.event === "ticket" && (e.data as { action: string }).action === action);
