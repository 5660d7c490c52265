// Issue 33 §8: a content we do not render (a poll, an event...) arrives as a placeholder naming it.
// Through the real ingest service: it is stored, counted unread and notified like any message, but
// it never starts a bot turn and is never read as a rating answer.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { userRatings } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { botSaid, db, inbound, installChatbotHooks, menuOf, number, published, setup, ticket, write } from "../helpers/chatbot-env";
import { put, setSetting, twoCompanies, type Env } from "../helpers/ticket-env";

installChatbotHooks();

const POLL = { unrendered: "pollCreationMessageV3" } satisfies Partial<InboundMessage>;

const notifications = (ticketId: number) =>
  published
    .filter((e) => e.event === "appMessage")
    .map((e) => e.data as { notify: boolean; message: { ticketId: number; body: string } })
    .filter((d) => d.message.ticketId === ticketId)
    .map((d) => [d.message.body, d.notify]);

describe("a placeholder for a content we do not render", () => {
  it("is stored, counted unread and notified, and the bot does not answer it", async () => {
    const env = await setup({ queueCount: 2 });
    const from = number();
    const id = await write(env, from, "[poll] Qual horário?", new Date(), POLL);
    expect(await ticket(id)).toMatchObject({ status: "pending", unreadMessages: 1, lastMessage: "[poll] Qual horário?", chatbot: false, amountUsedBotQueues: 0 });
    expect(notifications(id)).toEqual([["[poll] Qual horário?", true]]);
    expect(await botSaid(id)).toEqual([]);

    // a text gets the menu; a placeholder while the menu waits for an answer gets nothing
    await write(env, from, "Oi");
    expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
    await write(env, from, "[event] Visita técnica", new Date(), { unrendered: "eventMessage" });
    // one held while we were away, even given the turn, gets nothing either
    await write(env, from, "[order] Pedido 12", new Date(), { unrendered: "orderMessage", held: { botTurn: true } });
    expect(await botSaid(id)).toEqual([menuOf(env, "Olá! Escolha um setor:")]);
    expect(await ticket(id)).toMatchObject({ unreadMessages: 4, lastMessage: "[order] Pedido 12", queueId: null, amountUsedBotQueues: 1 });
  });
});

describe("a placeholder after the rating question", () => {
  let env: Env;
  beforeAll(async () => {
    env = await twoCompanies();
    await setSetting(env.a.companyId, "userRating", "enabled");
  });

  const message = (from: string, body: string, extra: Partial<InboundMessage> = {}): InboundMessage => inbound(from, body, new Date(), extra);
  const send = (from: string, body: string, extra: Partial<InboundMessage> = {}) =>
    ingestInbound(db(), { companyId: env.a.companyId, whatsappId: env.a.whatsappId, message: message(from, body, extra) });

  it("is never read as the rating, whatever its text", async () => {
    const from = number();
    const { ticketId } = await send(from, "Olá, preciso de ajuda");
    expect((await put(env.agentA, ticketId, { status: "open" })).status).toBe(200);
    expect((await put(env.agentA, ticketId, { status: "closed" })).status).toBe(200);

    // a poll whose whole text would be a bare "2"
    const res = await send(from, "2", POLL);
    expect(await db().select().from(userRatings).where(eq(userRatings.ticketId, ticketId))).toEqual([]);
    expect(res).toMatchObject({ ticketCreated: true, duplicate: false });
    expect(await ticket(res.ticketId)).toMatchObject({ status: "pending", unreadMessages: 1 });
  });
});
