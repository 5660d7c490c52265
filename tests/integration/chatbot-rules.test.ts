// Issue 6 part 3/4: the chatbot driven through the real ingest service (the hook runs it after each
// stored message), with the clock faked through the messages' own timestamps. What the bot says is
// read from the outbox (the worker sends it: chatbot-sandbox.test.ts), the ticket from the db.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { companies, prompts, queueIntegrations, queues, tickets } from "@/db/schema";
import type { ScheduleEntry } from "@/db/schema";
import { registerBotProvider, type BotContext } from "@/lib/bots/registry";
import { drainBotTurns } from "@/lib/bots/runner/drain";
import { BOT_TEXTS } from "@/lib/chatbot/texts";
import { runChatbot } from "@/lib/chatbot/run-chatbot";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { suffix } from "../helpers/factories";

import { botSaid, db, inbound, menuOf, number, setup, ticket, installChatbotHooks, write, type Env } from "../helpers/chatbot-env";

installChatbotHooks();

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
    registerBotProvider("webhook", { turn: async (c) => (seen.push(c), [{ type: "text", body: `eco: ${c.body}` }]) });
    const from = number();
    const id = await write(env, from, "Quero um orçamento");
    expect(await ticket(id)).toMatchObject({ queueId: ids.queueId, useIntegration: true, integrationId: ids.integrationId, promptId: null, chatbot: false });
    // ingest only wrote the turn: the runner asks the provider
    expect(seen).toEqual([]);
    await drainBotTurns(db());
    await write(env, from, "Para amanhã");
    await drainBotTurns(db());
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

    registerBotProvider("openai", { turn: async (c) => (c.isFirst ? [] : [{ type: "text", body: "Sou a IA." }]) });
    const other = number();
    const otherId = await write(env, other, "Oi");
    await write(env, other, "1");
    await drainBotTurns(db());
    expect(await ticket(otherId)).toMatchObject({ useIntegration: true, integrationId: null });
    // the first answer was null: the greeting only
    expect((await botSaid(otherId)).at(-1)).toBe("Support");
    await write(env, other, "Qual o horário?");
    await drainBotTurns(db());
    expect((await botSaid(otherId)).at(-1)).toBe("Sou a IA.");
  });

  it("a failing provider sends nothing and leaves the ticket to an agent, the message kept", async () => {
    const env = await setup({ queueCount: 1 });
    await botQueue(env, { integration: true });
    registerBotProvider("webhook", {
      turn: async () => {
        throw new Error("down");
      },
    });
    const id = await write(env, number(), "Oi");
    await drainBotTurns(db());
    expect(await botSaid(id)).toEqual([]);
    expect(await ticket(id)).toMatchObject({ useIntegration: false, integrationId: null, status: "pending", userId: null, lastMessage: "Oi" });
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
