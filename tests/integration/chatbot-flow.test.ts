// Issue 6 part 3/4: the chatbot driven through the real ingest service (the hook runs it after each
// stored message), with the clock faked through the messages' own timestamps. What the bot says is
// read from the outbox (the worker sends it: chatbot-sandbox.test.ts), the ticket from the db.
import { randomBytes } from "node:crypto";
import { and, asc, eq, inArray } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies, messages, prompts, queueIntegrations, queueOptions, queues, settings, tickets, whatsappQueues, whatsapps } from "@/db/schema";
import type { ScheduleEntry } from "@/db/schema";
import { registerBotProvider, unregisterBotProviders, type BotContext } from "@/lib/bots/registry";
import { BOT_TEXTS } from "@/lib/chatbot/texts";
import { runChatbot } from "@/lib/chatbot/run-chatbot";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { createTenant, suffix, type Tenant } from "../helpers/factories";

const published: RealtimeEvent[] = [];
let seq = 0;

beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
afterAll(() => setRealtimeSink(null));
beforeEach(() => {
  published.length = 0;
});
afterEach(() => unregisterBotProviders());

const db = () => getDb();
const number = () => `5511955${String(++seq).padStart(6, "0")}`;

type Setup = {
  /** how many queues the connection offers (the factory's two, fewer, or extra ones) */
  queueCount?: 0 | 1 | 2 | 3;
  greeting?: string;
  maxUseBotQueues?: number;
  timeUseBotQueues?: number;
  outOfHoursMessage?: string;
  settings?: Record<string, string>;
  timezone?: string;
};

type Env = Tenant & { queues: { id: number; name: string }[] };

/** A tenant whose connection is set up as the test says (the factory gives two queues and "Hello"). */
async function setup(s: Setup = {}): Promise<Env> {
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

async function setSetting(companyId: number, key: string, value: string) {
  await db()
    .insert(settings)
    .values({ companyId, key, value })
    .onConflictDoUpdate({ target: [settings.companyId, settings.key], set: { value } });
}

function inbound(from: string, body: string, at: Date, extra: Partial<InboundMessage> = {}): InboundMessage {
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
async function write(env: Env, from: string, body: string, at = new Date(), extra: Partial<InboundMessage> = {}) {
  const res = await ingestInbound(db(), { companyId: env.companyId, whatsappId: env.whatsappId, message: inbound(from, body, at, extra) });
  return res.ticketId;
}

const ticket = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];

/** The bot's outbox rows of a ticket, oldest first. */
async function botRows(ticketId: number) {
  return db().select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, true))).orderBy(asc(messages.id));
}
const botSaid = async (ticketId: number) => (await botRows(ticketId)).map((m) => m.body);

const menuOf = (env: Env, header: string) => `${header}\n\n${env.queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n")}`;

const listEvents = (action: string) => published.filter((e) => e.event === "ticket" && (e.data as { action: string }).action === action);

describe("one queue on the connection", () => {
  it("puts the ticket in it at once, silently when sendGreetingMessageOneQueues is disabled", async () => {
    const env = await setup({ queueCount: 1 });
    const id = await write(env, number(), "Oi");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queues[0].id, userId: null, chatbot: false });
    expect(await botSaid(id)).toEqual([]);
    // the list moves: gone from "no queue", in the queue's pending list
    const deleted = listEvents("delete").find((e) => e.channels.includes(channels.tickets(env.companyId, null, "pending")));
    expect(deleted).toBeTruthy();
    const updated = listEvents("update").find((e) => e.channels.includes(channels.tickets(env.companyId, env.queues[0].id, "pending")));
    expect(updated?.data).toMatchObject({ ticket: { id, queueId: env.queues[0].id, status: "pending" } });
  });

  it("sends the queue's greeting when sendGreetingMessageOneQueues is enabled, as an outbox row of the bot", async () => {
    const env = await setup({ queueCount: 1, settings: { sendGreetingMessageOneQueues: "enabled" } });
    const from = number();
    const id = await write(env, from, "Oi");
    const [row] = await botRows(id);
    expect(row).toMatchObject({ body: "Support", fromMe: true, read: true, sendStatus: "pending", contactId: null, ack: 0, whatsappId: env.whatsappId });
    expect(row.wid).toMatch(/^3EB0[0-9A-F]{18}$/);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: false });
    // the conversation and the list get the bubble
    expect(published.find((e) => e.event === "appMessage" && (e.data as { message: { id: number } }).message.id === row.id)?.data).toMatchObject({
      action: "create",
      notify: false,
    });
    // later messages wait for an agent: no more bot
    await write(env, from, "Alguém aí?");
    expect(await botSaid(id)).toEqual(["Support"]);
  });
});

describe("several queues: the menu", () => {
  it("greets with the numbered queues (by orderQueue, then name), and the answer picks the queue", async () => {
    const env = await setup({ queueCount: 3 });
    // the factory's two share an order now: by name, Sales before Support; the unordered one last
    await db().update(queues).set({ orderQueue: 1 }).where(inArray(queues.id, env.queueIds));
    env.queues = [env.queues[1], env.queues[0], env.queues[2]];
    const from = number();
    const id = await write(env, from, "Bom dia");
    expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, chatbot: true, amountUsedBotQueues: 1 });

    published.length = 0;
    await write(env, from, " 2 ");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: env.queues[1].id, userId: null, chatbot: false, queueOptionId: null });
    expect((await botSaid(id)).at(-1)).toBe("Support");
    expect(listEvents("update").some((e) => e.channels.includes(channels.tickets(env.companyId, env.queues[1].id, "pending")))).toBe(true);
    // picked: the next message is for the agents
    await write(env, from, "3");
    expect(await botSaid(id)).toHaveLength(2);
    expect((await ticket(id)).queueId).toBe(env.queues[1].id);
  });

  it("repeats the menu after an invalid answer (a number out of range, text, media without caption)", async () => {
    const env = await setup({ maxUseBotQueues: 0 });
    const from = number();
    const id = await write(env, from, "Oi");
    for (const answer of ["3", "0", "vendas", ""]) await write(env, from, answer, new Date(), answer ? {} : { mediaType: "image" });
    const said = await botSaid(id);
    expect(said).toHaveLength(5);
    const lines = env.queues.map((q, i) => `*[ ${i + 1} ]* - ${q.name}`).join("\n");
    for (const repeat of said.slice(1)) expect(repeat).toBe(`${BOT_TEXTS.invalidOption}\n\n${lines}`);
    expect(await ticket(id)).toMatchObject({ queueId: null, chatbot: true, amountUsedBotQueues: 5 });
  });

  it("two messages arriving together get one menu, the second read as an answer (compare-and-set turns)", async () => {
    const env = await setup({ maxUseBotQueues: 0 });
    const from = number();
    const [id, same] = await Promise.all([write(env, from, "Oi"), write(env, from, "Tudo bem?")]);
    expect(same).toBe(id);
    const said = await botSaid(id);
    expect(said).toHaveLength(2);
    expect(said[0]).toBe(menuOf(env, "Olá! Escolha um setor:"));
    expect(said[1].startsWith(BOT_TEXTS.invalidOption)).toBe(true);
    expect(await ticket(id)).toMatchObject({ chatbot: true, amountUsedBotQueues: 2 });
  });

  it("sends the menu at most maxUseBotQueues times; then the ticket waits with no queue and the bot is done", async () => {
    const env = await setup({ maxUseBotQueues: 2 });
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "nada");
    expect(await botSaid(id)).toHaveLength(2);
    await write(env, from, "de novo");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, userId: null, chatbot: false, amountUsedBotQueues: 2 });
    // nothing more, not even for a valid number
    await write(env, from, "1");
    expect(await botSaid(id)).toHaveLength(2);
    expect((await ticket(id)).queueId).toBeNull();
  });

  it("waits timeUseBotQueues minutes for an answer; a later answer gets nothing and the ticket waits for an agent", async () => {
    const env = await setup({ timeUseBotQueues: 5 });
    const t0 = new Date("2025-03-10T13:00:00Z");
    const late = number();
    const lateId = await write(env, late, "Oi", t0);
    expect((await ticket(lateId)).lastBotMessageAt?.toISOString()).toBe(t0.toISOString());
    await write(env, late, "1", new Date(t0.getTime() + 5 * 60_000 + 1000));
    expect(await ticket(lateId)).toMatchObject({ queueId: null, chatbot: false, amountUsedBotQueues: 1 });
    await write(env, late, "1", new Date(t0.getTime() + 6 * 60_000));
    expect(await botSaid(lateId)).toHaveLength(1);

    const inTime = number();
    const inTimeId = await write(env, inTime, "Oi", t0);
    await write(env, inTime, "xx", new Date(t0.getTime() + 4 * 60_000));
    // the repeated menu restarts the wait
    await write(env, inTime, "1", new Date(t0.getTime() + 8 * 60_000));
    expect(await ticket(inTimeId)).toMatchObject({ queueId: env.queues[0].id });
  });

  it("does nothing on a connection without queues, and never answers a group or a ticket an agent holds", async () => {
    const none = await setup({ queueCount: 0 });
    const id = await write(none, number(), "Oi");
    expect(await botSaid(id)).toEqual([]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, chatbot: false, amountUsedBotQueues: 0 });

    const env = await setup();
    const group = await write(env, "120363000000000001", "Oi grupo", new Date(), { isGroup: true, groupName: "Grupo", from: { number: number(), name: "Membro" } });
    expect(await botSaid(group)).toEqual([]);

    const from = number();
    const held = await write(env, from, "Oi");
    await db().update(tickets).set({ status: "open", userId: env.agent.id }).where(eq(tickets.id, held));
    await write(env, from, "1");
    expect(await botSaid(held)).toHaveLength(1);
    expect((await ticket(held)).queueId).toBeNull();
  });
});

describe("option trees", () => {
  async function tree(queueId: number, companyId: number) {
    const add = async (title: string, option: string, message: string, parentId: number | null = null) =>
      (await db().insert(queueOptions).values({ companyId, queueId, parentId, title, option, message }).returning({ id: queueOptions.id }))[0].id;
    // inserted out of order: the menu lists them by number ("10" after "2")
    const tech = await add("Técnico", "2", "Descreva o problema.");
    const fin = await add("Financeiro", "1", "Financeiro: escolha.");
    const pix = await add("Pix", "2", "Nossa chave Pix é 123.", fin);
    await add("Boleto", "1", "Enviaremos o boleto.", fin);
    await add("Outros", "10", "Fale com a gente.");
    return { fin, pix, tech };
  }
  const roots = "*[ 1 ]* - Financeiro\n*[ 2 ]* - Técnico\n*[ 10 ]* - Outros";
  const finLevel = "*[ 1 ]* - Boleto\n*[ 2 ]* - Pix";
  const back = BOT_TEXTS.backHint;

  it("walks the tree: numbered levels, each option's message, 0 and # go back, invalid repeats the level, a leaf ends the bot", async () => {
    const env = await setup({ maxUseBotQueues: 5 });
    const q = env.queues[0];
    const ids = await tree(q.id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    const at = async (answer: string) => {
      await write(env, from, answer);
      return [(await botSaid(id)).at(-1), await ticket(id)] as const;
    };

    let [said, t] = await at("1");
    expect(said).toBe(`Support\n\n${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueId: q.id, chatbot: true, queueOptionId: null });

    [said, t] = await at("1");
    expect(said).toBe(`Financeiro: escolha.\n\n${finLevel}\n\n${back}`);
    expect(t.queueOptionId).toBe(ids.fin);

    [said, t] = await at("0");
    expect(said).toBe(`${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueOptionId: null, queueId: q.id });

    // "#" on the first level: back to the queue menu, out of the queue
    [said, t] = await at("#");
    expect(said).toBe(menuOf(env, "Olá! Escolha um setor:"));
    expect(t).toMatchObject({ queueId: null, chatbot: true, amountUsedBotQueues: 2 });

    await at("1");
    [said, t] = await at("7");
    expect(said).toBe(`${BOT_TEXTS.invalidOption}\n\n${roots}\n\n${back}`);
    expect(t).toMatchObject({ queueOptionId: null, amountUsedBotQueues: 3 });

    await at("1");
    [said, t] = await at("#");
    expect(said).toBe(`${roots}\n\n${back}`);
    await at("01");
    [said, t] = await at("2");
    expect(said).toBe("Nossa chave Pix é 123.");
    expect(t).toMatchObject({ queueId: q.id, queueOptionId: ids.pix, chatbot: false, status: "pending", userId: null });

    // the leaf ended the bot: the ticket waits in the queue
    const count = (await botSaid(id)).length;
    await write(env, from, "0");
    expect(await botSaid(id)).toHaveLength(count);
  });

  it("one queue: the tree follows at once (without the back hint on its first level), greeting only when the setting says", async () => {
    const env = await setup({ queueCount: 1 });
    await tree(env.queues[0].id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    expect(await botSaid(id)).toEqual([roots]);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: true });
    // "0" on the first level of the only queue is not an option
    await write(env, from, "0");
    expect((await botSaid(id)).at(-1)).toBe(`${BOT_TEXTS.invalidOption}\n\n${roots}`);
    await write(env, from, "2");
    expect((await botSaid(id)).at(-1)).toBe("Descreva o problema.");
    expect((await ticket(id)).chatbot).toBe(false);

    const greeted = await setup({ queueCount: 1, settings: { sendGreetingMessageOneQueues: "enabled" } });
    await tree(greeted.queues[0].id, greeted.companyId);
    const other = await write(greeted, number(), "Oi");
    expect(await botSaid(other)).toEqual([`Support\n\n${roots}`]);
  });

  it("repeats a level at most as maxUseBotQueues allows, then stops in the queue", async () => {
    const env = await setup({ queueCount: 1, maxUseBotQueues: 2 });
    await tree(env.queues[0].id, env.companyId);
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "x");
    await write(env, from, "y");
    await write(env, from, "z");
    expect(await botSaid(id)).toHaveLength(3);
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, chatbot: false, amountUsedBotQueues: 2 });
  });
});

// Monday 2025-01-06. São Paulo is UTC-3 all year (no daylight saving since 2019).
const WEEK: ScheduleEntry[] = [
  ...["monday", "tuesday", "wednesday", "thursday", "friday"].map((d) => ({ weekday: d, weekdayEn: d, startTime: "08:00", endTime: "18:00" })),
  { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
  { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
];
const MON_0730_SP = new Date("2025-01-06T10:30:00Z"); // 10:30 in UTC: open there, closed in São Paulo
const MON_1600_SP = new Date("2025-01-06T19:00:00Z"); // 19:00 in UTC: closed there, open in São Paulo
const SUN_1200_SP = new Date("2025-01-05T15:00:00Z");

describe("work hours", () => {
  it("company mode: outside the company's hours (its timezone) the out-of-hours message, no menu, ticket left pending", async () => {
    const env = await setup({ settings: { scheduleType: "company" }, outOfHoursMessage: "Estamos fechados." });
    await db().update(companies).set({ schedules: WEEK }).where(eq(companies.id, env.companyId));
    const from = number();
    const id = await write(env, from, "Oi", MON_0730_SP);
    expect(await botSaid(id)).toEqual(["Estamos fechados."]);
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: null, chatbot: false, amountUsedBotQueues: 0 });
    // Sunday is 00:00-00:00: closed all day
    await write(env, from, "Oi?", SUN_1200_SP);
    expect(await botSaid(id)).toHaveLength(2);
    // in hours, the menu
    await write(env, from, "Oi", MON_1600_SP);
    expect((await botSaid(id)).at(-1)).toBe(menuOf(env, "Olá! Escolha um setor:"));

    // a ticket already in a queue gets the queue's own message
    await db().update(queues).set({ outOfHoursMessage: "Suporte volta às 8h." }).where(eq(queues.id, env.queues[0].id));
    await write(env, from, "1", MON_1600_SP);
    await write(env, from, "Oi?", MON_0730_SP);
    expect((await botSaid(id)).at(-1)).toBe("Suporte volta às 8h.");
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, status: "pending" });
  });

  it("company mode judges the hours in the company's own timezone, and a company without hours is always open", async () => {
    const tokyo = await setup({ settings: { scheduleType: "company" }, outOfHoursMessage: "Fechado.", timezone: "Asia/Tokyo" });
    await db().update(companies).set({ schedules: WEEK }).where(eq(companies.id, tokyo.companyId));
    // 2025-01-06 10:30Z is Monday 19:30 in Tokyo: closed there
    expect(await botSaid(await write(tokyo, number(), "Oi", MON_0730_SP))).toEqual(["Fechado."]);
    // 2025-01-06 00:30Z is Monday 09:30 in Tokyo: open
    expect(await botSaid(await write(tokyo, number(), "Oi", new Date("2025-01-06T00:30:00Z")))).toEqual([menuOf(tokyo, "Olá! Escolha um setor:")]);

    const noHours = await setup({ settings: { scheduleType: "company" }, outOfHoursMessage: "Fechado." });
    expect(await botSaid(await write(noHours, number(), "Oi", SUN_1200_SP))).toEqual([menuOf(noHours, "Olá! Escolha um setor:")]);
  });

  it("queue mode: the chosen queue's hours; outside them the ticket stays in the queue with the out-of-hours message", async () => {
    const env = await setup({ settings: { scheduleType: "queue" }, outOfHoursMessage: "Conexão fechada." });
    const [support, sales] = env.queues;
    await db().update(queues).set({ schedules: WEEK, outOfHoursMessage: "Suporte fechado." }).where(eq(queues.id, support.id));
    await db().update(queues).set({ schedules: WEEK.map((d) => ({ ...d, startTime: "00:00", endTime: "00:00" })) }).where(eq(queues.id, sales.id));

    // the menu itself is not bound by any queue's hours
    const from = number();
    const id = await write(env, from, "Oi", MON_0730_SP);
    expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
    await write(env, from, "1", MON_0730_SP);
    expect((await botSaid(id)).at(-1)).toBe("Suporte fechado.");
    expect(await ticket(id)).toMatchObject({ status: "pending", queueId: support.id, chatbot: false });
    // every message while closed gets it; in hours, the ticket simply waits for an agent
    await write(env, from, "Oi?", SUN_1200_SP);
    expect((await botSaid(id)).at(-1)).toBe("Suporte fechado.");
    const before = (await botSaid(id)).length;
    await write(env, from, "Bom dia", MON_1600_SP);
    expect(await botSaid(id)).toHaveLength(before);

    // a queue without its own message: the connection's
    const other = number();
    const otherId = await write(env, other, "Oi", MON_1600_SP);
    await write(env, other, "2", MON_1600_SP);
    expect((await botSaid(otherId)).at(-1)).toBe("Conexão fechada.");

    // in the queue's hours: its greeting
    const open = number();
    const openId = await write(env, open, "Oi", MON_1600_SP);
    await write(env, open, "1", MON_1600_SP);
    expect((await botSaid(openId)).at(-1)).toBe("Support");
  });
});

describe("calls", () => {
  const call = { mediaType: "call_log" as const };

  it("call disabled (the default): the customer is asked to write, and the menu waits for a written message", async () => {
    const env = await setup();
    const from = number();
    const id = await write(env, from, "voice", new Date(), call);
    expect(await botSaid(id)).toEqual([BOT_TEXTS.callRejected]);
    expect(await ticket(id)).toMatchObject({ queueId: null, chatbot: false, amountUsedBotQueues: 0 });
    await write(env, from, "Oi");
    expect((await botSaid(id)).at(-1)).toBe(menuOf(env, "Olá! Escolha um setor:"));
    // also when an agent holds the ticket: the call reached nobody
    await db().update(tickets).set({ status: "open", userId: env.agent.id }).where(eq(tickets.id, id));
    await write(env, from, "video", new Date(), call);
    expect((await botSaid(id)).at(-1)).toBe(BOT_TEXTS.callRejected);
  });

  it("call enabled: the call is left alone", async () => {
    const env = await setup({ settings: { call: "enabled" } });
    const id = await write(env, number(), "voice", new Date(), call);
    expect(await botSaid(id)).toEqual([]);
  });
});

describe("queues with an integration or a prompt", () => {
  async function botQueue(env: Env, link: { integration?: boolean; prompt?: boolean }) {
    const q = env.queues[0];
    let integrationId: number | null = null;
    let promptId: number | null = null;
    if (link.integration) {
      [{ id: integrationId }] = await db().insert(queueIntegrations).values({ companyId: env.companyId, type: "webhook", name: `hook ${suffix()}` }).returning({ id: queueIntegrations.id });
    }
    if (link.prompt) {
      [{ id: promptId }] = await db().insert(prompts).values({ companyId: env.companyId, name: `p ${suffix()}`, prompt: "Seja gentil" }).returning({ id: prompts.id });
    }
    await db().update(queues).set({ integrationId, promptId }).where(eq(queues.id, q.id));
    return { queueId: q.id, integrationId, promptId };
  }

  it("hands the conversation to the integration's provider: each customer message in, its answer out", async () => {
    const env = await setup({ queueCount: 1 });
    const ids = await botQueue(env, { integration: true, prompt: true });
    const seen: BotContext[] = [];
    registerBotProvider("webhook", { reply: async (c) => (seen.push(c), `eco: ${c.body}`) });
    const from = number();
    const id = await write(env, from, "Quero um orçamento");
    expect(await ticket(id)).toMatchObject({ queueId: ids.queueId, useIntegration: true, integrationId: ids.integrationId, promptId: null, chatbot: false });
    await write(env, from, "Para amanhã");
    expect(await botSaid(id)).toEqual(["eco: Quero um orçamento", "eco: Para amanhã"]);
    expect(seen.map((c) => [c.isFirst, c.target])).toEqual([
      [true, { kind: "integration", integrationId: ids.integrationId, type: "webhook" }],
      [false, { kind: "integration", integrationId: ids.integrationId, type: "webhook" }],
    ]);
    expect(seen[0]).toMatchObject({ companyId: env.companyId, ticketId: id, queueId: ids.queueId, contact: { number: from } });
  });

  it("a prompt with a provider answers; with none configured the ticket is left for an agent", async () => {
    const env = await setup();
    await botQueue(env, { prompt: true });
    const from = number();
    const id = await write(env, from, "Oi");
    await write(env, from, "1");
    // no provider: the queue's greeting, then agents
    expect(await ticket(id)).toMatchObject({ queueId: env.queues[0].id, useIntegration: false, promptId: null, chatbot: false });
    expect((await botSaid(id)).at(-1)).toBe("Support");
    await write(env, from, "Olá?");
    expect(await botSaid(id)).toHaveLength(2);

    registerBotProvider("openai", { reply: async (c) => (c.isFirst ? null : "Sou a IA.") });
    const other = number();
    const otherId = await write(env, other, "Oi");
    await write(env, other, "1");
    expect(await ticket(otherId)).toMatchObject({ useIntegration: true, integrationId: null });
    // the first answer was null: the greeting only
    expect((await botSaid(otherId)).at(-1)).toBe("Support");
    await write(env, other, "Qual o horário?");
    expect((await botSaid(otherId)).at(-1)).toBe("Sou a IA.");
  });

  it("a failing provider sends nothing and breaks nothing", async () => {
    const env = await setup({ queueCount: 1 });
    await botQueue(env, { integration: true });
    registerBotProvider("webhook", {
      reply: async () => {
        throw new Error("down");
      },
    });
    const id = await write(env, number(), "Oi");
    expect(await botSaid(id)).toEqual([]);
    expect(await ticket(id)).toMatchObject({ useIntegration: true, status: "pending" });
  });
});

describe("runChatbot", () => {
  it("takes an explicit clock, and skips own messages and history", async () => {
    const env = await setup({ timeUseBotQueues: 1 });
    const from = number();
    const at = new Date("2025-02-03T12:00:00Z");
    const id = await write(env, from, "Oi", at);
    const ev = (body: string, extra: Partial<InboundMessage> = {}) => ({
      companyId: env.companyId,
      whatsappId: env.whatsappId,
      ticketId: id,
      messageId: 0,
      ticketCreated: false,
      message: inbound(from, body, new Date("2030-01-01T00:00:00Z"), extra),
    });
    expect(await runChatbot(db(), ev("1", { fromMe: true }))).toEqual({ outcome: "skipped", handedOff: false });
    expect(await runChatbot(db(), ev("1", { fromHistory: true }))).toEqual({ outcome: "skipped", handedOff: false });
    // the message says 2030 (past the minute), the clock says 30 s after the menu: still waiting
    expect(await runChatbot(db(), ev("1"), { now: new Date(at.getTime() + 30_000) })).toMatchObject({ outcome: "queue" });
    expect((await ticket(id)).queueId).toBe(env.queues[0].id);
  });

  it("trusts the ingest's hint that an agent holds the ticket (no read), except for a call", async () => {
    const env = await setup();
    const from = number();
    const id = await write(env, from, "Oi");
    const ev = (extra: Partial<InboundMessage> = {}) => ({
      companyId: env.companyId,
      whatsappId: env.whatsappId,
      ticketId: id,
      messageId: 0,
      ticketCreated: false,
      // the hint says open: the bot would otherwise repeat the menu for this pending ticket
      ticket: { status: "open", userId: env.agent.id },
      message: inbound(from, "xyz", new Date(), extra),
    });
    expect(await runChatbot(db(), ev())).toEqual({ outcome: "idle", handedOff: false });
    expect(await botSaid(id)).toHaveLength(1);
    expect(await runChatbot(db(), ev({ mediaType: "call_log", body: "voice" }))).toMatchObject({ outcome: "call-answered" });
    expect((await botSaid(id)).at(-1)).toBe(BOT_TEXTS.callRejected);
  });
});
