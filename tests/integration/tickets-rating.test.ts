import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, ticketTracking, tickets, userRatings, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels } from "@/lib/realtime/channels";
import { RATING_OPTIONS } from "@/lib/ratings/texts";
import { ticketCycles } from "@/lib/tickets/tracking";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { dbKind, raceOnTable } from "../helpers/race";
import { captureRealtime, newNumber, outbox, published, put, setSetting, ticketRow, twoCompanies, type Env } from "../helpers/ticket-env";

// userRating (issue 7 part 2): resolving sends the rating question; the customer's next bare 1, 2
// or 3 within 24 hours is the agent's rating, stored on the closed ticket, opening nothing.
let env: Env;
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
  await setSetting(env.a.companyId, "userRating", "enabled");
});
afterEach(async () => {
  await getDb().update(whatsapps).set({ ratingMessage: "", complationMessage: "" }).where(eq(whatsapps.id, env.a.whatsappId));
});

const message = (from: string, body: string, wid = `3A${randomBytes(8).toString("hex").toUpperCase()}`): InboundMessage => ({
  wid,
  chatId: from,
  isGroup: false,
  from: { number: from, name: "Cliente" },
  fromMe: false,
  body,
  mediaType: null,
  timestamp: new Date(),
});
const write = (from: string, body: string, wid?: string) =>
  ingestInbound(getDb(), { companyId: env.a.companyId, whatsappId: env.a.whatsappId, message: message(from, body, wid) });

/** A customer's ticket, accepted by the agent and resolved: the rating question is out. */
async function ratedConversation() {
  const from = newNumber();
  const { ticketId } = await write(from, "Olá, preciso de ajuda");
  expect((await put(env.agentA, ticketId, { status: "open" })).status).toBe(200);
  expect(await put(env.agentA, ticketId, { status: "closed" })).toMatchObject({ status: 200, body: { status: "closed" } });
  return { from, ticketId };
}

const ratingsOf = (ticketId: number) => getDb().select().from(userRatings).where(eq(userRatings.ticketId, ticketId));
const inboundOf = (ticketId: number) =>
  getDb()
    .select({ body: messages.body })
    .from(messages)
    .where(and(eq(messages.ticketId, ticketId), eq(messages.fromMe, false)))
    .orderBy(asc(messages.id));
const cycleOf = async (ticketId: number) => (await ticketCycles(getDb(), { companyId: env.a.companyId, ticketId })).at(-1)!;

describe("rating", () => {
  it("asks at once on resolve, records the answer on the closed ticket and says the completion message", async () => {
    await getDb().update(whatsapps).set({ ratingMessage: "Como foi o atendimento?", complationMessage: "Obrigado!" }).where(eq(whatsapps.id, env.a.whatsappId));
    const { from, ticketId } = await ratedConversation();
    expect(await outbox(ticketId)).toEqual([{ body: `Como foi o atendimento?\n\n${RATING_OPTIONS}`, sendStatus: "pending" }]);
    const asked = await cycleOf(ticketId);
    expect(asked).toMatchObject({ rated: false, userId: env.a.agent.id });
    expect(asked.ratingAt).toEqual(asked.finishedAt);
    published.length = 0;

    const res = await write(from, " 2 ");
    expect(res).toMatchObject({ ticketId, duplicate: false, ticketCreated: false });
    expect(await ticketRow(ticketId)).toMatchObject({ status: "closed" });
    expect(await getDb().select().from(tickets).where(eq(tickets.contactId, (await ticketRow(ticketId)).contactId))).toHaveLength(1);
    expect(await inboundOf(ticketId)).toEqual([{ body: "Olá, preciso de ajuda" }, { body: " 2 " }]);
    expect(await ratingsOf(ticketId)).toEqual([expect.objectContaining({ companyId: env.a.companyId, userId: env.a.agent.id, rate: 2 })]);
    expect(await cycleOf(ticketId)).toMatchObject({ rated: true });
    expect((await outbox(ticketId)).map((m) => m.body)).toEqual([`Como foi o atendimento?\n\n${RATING_OPTIONS}`, "Obrigado!"]);
    const created = published.filter((e) => e.event === "appMessage");
    expect(created.map((e) => (e.data as { message: { body: string } }).message.body)).toEqual([" 2 ", "Obrigado!"]);
    expect(created[0].channels).toContain(channels.ticket(env.a.companyId, ticketId));
    expect(created[0].data).toMatchObject({ notify: false, message: { fromMe: false } });

    // answered: the next 3 is an ordinary message that opens a new ticket
    const next = await write(from, "3");
    expect(next).toMatchObject({ ticketCreated: true });
    expect(next.ticketId).not.toBe(ticketId);
    expect(await ratingsOf(ticketId)).toHaveLength(1);
  });

  it("uses a default question when the connection has none; a replayed answer counts once", async () => {
    const { from, ticketId } = await ratedConversation();
    expect((await outbox(ticketId)).map((m) => m.body)).toEqual([`Por favor, avalie o nosso atendimento:\n\n${RATING_OPTIONS}`]);
    const wid = `3A${randomBytes(8).toString("hex").toUpperCase()}`;
    expect(await write(from, "3", wid)).toMatchObject({ ticketId, ticketCreated: false, duplicate: false });
    expect(await write(from, "3", wid)).toMatchObject({ ticketId, duplicate: true });
    expect(await ratingsOf(ticketId)).toEqual([expect.objectContaining({ rate: 3 })]);
    // no completion message on this connection: only the question went out
    expect(await outbox(ticketId)).toHaveLength(1);
  });

  it("treats any other reply as a new conversation; a 1 after it belongs to that one", async () => {
    const { from, ticketId } = await ratedConversation();
    const other = await write(from, "1 - ótimo");
    expect(other).toMatchObject({ ticketCreated: true });
    const again = await write(from, "1");
    expect(again).toMatchObject({ ticketId: other.ticketId, ticketCreated: false });
    expect(await ratingsOf(ticketId)).toEqual([]);
    expect(await cycleOf(ticketId)).toMatchObject({ rated: false });
  });

  it("stops waiting 24 hours after the question", async () => {
    const { from, ticketId } = await ratedConversation();
    const cycle = await cycleOf(ticketId);
    await getDb()
      .update(ticketTracking)
      .set({ ratingAt: new Date(Date.now() - 25 * 3600_000) })
      .where(eq(ticketTracking.id, cycle.id));
    expect(await write(from, "1")).toMatchObject({ ticketCreated: true });
    expect(await ratingsOf(ticketId)).toEqual([]);
  });

  it("records one rating when two answers arrive at once", async () => {
    const { from, ticketId } = await ratedConversation();
    const both = () => Promise.all([write(from, "1"), write(from, "3")]);
    // on a real server both statements are held at ticket_tracking and let go together
    const results = dbKind() === "postgres" ? await raceOnTable("ticket_tracking", 2, both) : await both();
    const rated = results.filter((r) => r.ticketId === ticketId);
    expect(rated).toHaveLength(1);
    expect(results.filter((r) => r.ticketId !== ticketId)).toEqual([expect.objectContaining({ ticketCreated: true })]);
    const ratings = await ratingsOf(ticketId);
    expect(ratings).toHaveLength(1);
    expect(await inboundOf(ticketId)).toEqual([{ body: "Olá, preciso de ajuda" }, { body: String(ratings[0].rate) }]);
  });

  it("does not ask a group, a ticket nobody attended, or when the setting is disabled", async () => {
    const { a, adminA, agentA } = env;
    await getDb().update(whatsapps).set({ complationMessage: "Até logo" }).where(eq(whatsapps.id, a.whatsappId));
    // nobody attended it: nobody to rate, the completion message instead
    const unattended = await write(newNumber(), "Oi");
    await put(agentA, unattended.ticketId, { status: "closed" });
    expect((await outbox(unattended.ticketId)).map((m) => m.body)).toEqual(["Até logo"]);
    const group = await ingestInbound(getDb(), {
      companyId: a.companyId,
      whatsappId: a.whatsappId,
      message: { ...message(`1203630${Date.now()}`.slice(0, 18), "Oi grupo"), isGroup: true, groupName: "Grupo", from: { number: newNumber(), name: "Membro" } },
    });
    await put(adminA, group.ticketId, { status: "open" });
    await put(adminA, group.ticketId, { status: "closed" });
    expect(await outbox(group.ticketId)).toEqual([]);
    expect((await cycleOf(group.ticketId)).ratingAt).toBeNull();

    await setSetting(a.companyId, "userRating", "disabled");
    try {
      const { from, ticketId } = await ratedConversation();
      expect((await outbox(ticketId)).map((m) => m.body)).toEqual(["Até logo"]);
      expect((await cycleOf(ticketId)).ratingAt).toBeNull();
      expect(await write(from, "2")).toMatchObject({ ticketCreated: true });
      expect(await ratingsOf(ticketId)).toEqual([]);
    } finally {
      await setSetting(a.companyId, "userRating", "enabled");
    }
  });
});
