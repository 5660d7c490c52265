import { randomBytes } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, messages, schedules, tickets, whatsappQueues, whatsapps } from "@/db/schema";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { sendDueSchedule, sendDueSchedules } from "@/lib/schedules/send-due-schedule";
import { createTenant, type Tenant } from "../helpers/factories";

// The sending service (lib/schedules/send-due-schedule): a due schedule becomes an outbox message on
// the contact's ticket, exactly once, or ERRO with the reason.
let t: Tenant;
let seq = 0;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant();
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => {
  published.length = 0;
});

const nextNumber = () => `5531${String(900000000 + ++seq)}`;

/** A contact who wrote in on the tenant's connection: it has a pending ticket there. */
async function contactWithTicket(tenant = t) {
  const number = nextNumber();
  const res = await ingestInbound(getDb(), {
    companyId: tenant.companyId,
    whatsappId: tenant.whatsappId,
    message: { wid: randomBytes(8).toString("hex"), chatId: number, isGroup: false, from: { number, name: "Cliente" }, fromMe: false, body: "oi", mediaType: null, timestamp: new Date() },
  });
  const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, res.ticketId));
  return { contactId: ticket.contactId, ticketId: ticket.id };
}

/** A contact added by hand: no ticket and no origin connection. */
async function bareContact(companyId = t.companyId) {
  const [c] = await getDb().insert(contacts).values({ companyId, name: `Novo ${seq}`, number: nextNumber() }).returning({ id: contacts.id });
  return c.id;
}

/** A schedule already due (a second ago). */
async function dueSchedule(contactId: number, extra: Partial<typeof schedules.$inferInsert> = {}) {
  const [s] = await getDb()
    .insert(schedules)
    .values({ companyId: t.companyId, contactId, userId: t.agent.id, body: `Agendada ${randomBytes(4).toString("hex")}`, sendAt: new Date(Date.now() - 1000), ...extra })
    .returning();
  return s;
}

const scheduleRow = async (id: number) => (await getDb().select().from(schedules).where(eq(schedules.id, id)))[0];
const messagesWithBody = (body: string) => getDb().select().from(messages).where(eq(messages.body, body));

async function withDefaultConnection<T>(fn: () => Promise<T>): Promise<T> {
  await getDb().update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.id, t.whatsappId));
  try {
    return await fn();
  } finally {
    await getDb().update(whatsapps).set({ isDefault: false }).where(eq(whatsapps.id, t.whatsappId));
  }
}

describe("sendDueSchedule", () => {
  it("turns a due schedule into an outbox message on the contact's ticket and marks it ENVIADA", async () => {
    const { contactId, ticketId } = await contactWithTicket();
    const s = await dueSchedule(contactId);
    const outcome = await sendDueSchedule(getDb());
    expect(outcome).toEqual({ id: s.id, companyId: t.companyId, status: "ENVIADA", ticketId });
    const row = await scheduleRow(s.id);
    expect(row).toMatchObject({ status: "ENVIADA", ticketId, error: null, attempts: 1 });
    expect(row.sentAt).toBeInstanceOf(Date);
    const [msg] = await messagesWithBody(s.body);
    expect(msg).toMatchObject({ ticketId, whatsappId: t.whatsappId, fromMe: true, sendStatus: "pending", companyId: t.companyId });
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.id, ticketId));
    expect(ticket.lastMessage).toBe(s.body);
    // the calendar hears about it, and the conversation gets the message
    expect(published).toContainEqual({
      channels: [channels.company(t.companyId)],
      event: EVENTS.schedule,
      data: { action: "update", schedule: expect.objectContaining({ id: s.id, status: "ENVIADA" }) },
    });
    expect(published.some((e) => e.event === EVENTS.appMessage && e.channels.includes(channels.ticket(t.companyId, ticketId)))).toBe(true);
    // nothing is due any more
    expect(await sendDueSchedule(getDb())).toBeNull();
  });

  it("leaves a schedule that is not due yet alone", async () => {
    const { contactId } = await contactWithTicket();
    const s = await dueSchedule(contactId, { sendAt: new Date(Date.now() + 60_000) });
    expect(await sendDueSchedules(getDb())).toMatchObject({ sent: 0, failed: 0 });
    expect(await scheduleRow(s.id)).toMatchObject({ status: "PENDENTE", sentAt: null, attempts: 0 });
    await getDb().delete(schedules).where(eq(schedules.id, s.id));
  });

  it("sends the image with the text as its caption", async () => {
    const { contactId, ticketId } = await contactWithTicket();
    const s = await dueSchedule(contactId, { mediaPath: `${t.companyId}/2025-01/abc-foto.png`, mediaName: "foto.png" });
    await sendDueSchedules(getDb());
    const [msg] = await messagesWithBody(s.body);
    expect(msg).toMatchObject({ ticketId, mediaType: "image", mediaUrl: s.mediaPath, dataJson: { media: { mimetype: "image/png", filename: "foto.png" } } });
  });

  it("marks ERRO with the reason when the contact has no usable connection", async () => {
    const contactId = await bareContact();
    const s = await dueSchedule(contactId);
    const outcome = await sendDueSchedule(getDb());
    expect(outcome).toEqual({ id: s.id, companyId: t.companyId, status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND" });
    expect(await scheduleRow(s.id)).toMatchObject({ status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND", sentAt: null, ticketId: null });
    // the refused delivery left nothing behind
    expect(await messagesWithBody(s.body)).toEqual([]);
    expect(await getDb().select().from(tickets).where(eq(tickets.contactId, contactId))).toEqual([]);
    expect(published.find((e) => e.event === EVENTS.schedule)?.data).toMatchObject({ action: "update", schedule: { id: s.id, status: "ERRO", error: "ERR_NO_DEF_WAPP_FOUND" } });
  });

  it("opens a ticket on the company's default connection, assigned to the author", async () => {
    const contactId = await bareContact();
    const s = await dueSchedule(contactId);
    await withDefaultConnection(() => sendDueSchedules(getDb()));
    const row = await scheduleRow(s.id);
    expect(row.status).toBe("ENVIADA");
    const [ticket] = await getDb().select().from(tickets).where(eq(tickets.contactId, contactId));
    expect(ticket).toMatchObject({ id: row.ticketId, whatsappId: t.whatsappId, status: "open", userId: t.agent.id });
    expect(await messagesWithBody(s.body)).toHaveLength(1);
  });

  it("opens the ticket in the queue a user expects: the contact's last ticket's queue, else the connection's only queue, else none", async () => {
    // the contact talked to Sales before (a closed ticket): the new ticket goes there
    const { contactId, ticketId } = await contactWithTicket();
    await getDb().update(tickets).set({ status: "closed", queueId: t.queueIds[1] }).where(eq(tickets.id, ticketId));
    const first = await dueSchedule(contactId);
    await sendDueSchedules(getDb());
    const [reopened] = await getDb().select().from(tickets).where(eq(tickets.id, (await scheduleRow(first.id)).ticketId!));
    expect(reopened.queueId).toBe(t.queueIds[1]);

    // a new contact: the connection's only queue; with two queues, none
    const links = await getDb().select().from(whatsappQueues).where(eq(whatsappQueues.whatsappId, t.whatsappId));
    await getDb().delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, t.whatsappId));
    try {
      await getDb().insert(whatsappQueues).values({ companyId: t.companyId, whatsappId: t.whatsappId, queueId: t.queueIds[0] });
      const lone = await dueSchedule(await bareContact());
      await withDefaultConnection(() => sendDueSchedules(getDb()));
      expect((await getDb().select().from(tickets).where(eq(tickets.id, (await scheduleRow(lone.id)).ticketId!)))[0].queueId).toBe(t.queueIds[0]);
      await getDb().insert(whatsappQueues).values({ companyId: t.companyId, whatsappId: t.whatsappId, queueId: t.queueIds[1] });
      const two = await dueSchedule(await bareContact());
      await withDefaultConnection(() => sendDueSchedules(getDb()));
      expect((await getDb().select().from(tickets).where(eq(tickets.id, (await scheduleRow(two.id)).ticketId!)))[0].queueId).toBeNull();
    } finally {
      await getDb().delete(whatsappQueues).where(eq(whatsappQueues.whatsappId, t.whatsappId));
      if (links.length) await getDb().insert(whatsappQueues).values(links);
    }
  });

  it("uses the connection the contact last talked on, and reuses its open ticket", async () => {
    const { contactId, ticketId } = await contactWithTicket();
    const [other] = await getDb()
      .insert(whatsapps)
      .values({ companyId: t.companyId, name: `Outra ${randomBytes(3).toString("hex")}`, provider: "sandbox", isDefault: true })
      .returning();
    try {
      const s = await dueSchedule(contactId);
      await sendDueSchedules(getDb());
      expect(await scheduleRow(s.id)).toMatchObject({ status: "ENVIADA", ticketId });
      expect((await messagesWithBody(s.body))[0].whatsappId).toBe(t.whatsappId);
    } finally {
      await getDb().delete(whatsapps).where(eq(whatsapps.id, other.id));
    }
  });

  it("marks ERRO when the contact belongs to another company (never sends across tenants)", async () => {
    const other = await createTenant();
    const foreign = await bareContact(other.companyId);
    const s = await dueSchedule(foreign);
    await sendDueSchedules(getDb());
    expect(await scheduleRow(s.id)).toMatchObject({ status: "ERRO", error: "ERR_NO_CONTACT_FOUND" });
    expect(await messagesWithBody(s.body)).toEqual([]);
  });
});

describe("two schedulers at the same time", () => {
  it("send every due schedule exactly once", async () => {
    // a mix: contacts with a ticket, and contacts without one (two schedules each, so both
    // schedulers may race to open the same ticket)
    const withTicket = await Promise.all(Array.from({ length: 6 }, () => contactWithTicket()));
    const bare = await Promise.all(Array.from({ length: 3 }, () => bareContact()));
    const due = [
      ...(await Promise.all(withTicket.map((c) => dueSchedule(c.contactId)))),
      ...(await Promise.all(bare.flatMap((id) => [dueSchedule(id), dueSchedule(id)]))),
    ];
    const [one, two] = await withDefaultConnection(() => Promise.all([sendDueSchedules(getDb(), 50), sendDueSchedules(getDb(), 50)]));
    expect(one.sent + two.sent).toBe(due.length);
    expect(one.failed + two.failed).toBe(0);
    const ids = due.map((s) => s.id);
    const handled = [...one.outcomes, ...two.outcomes].map((o) => o.id).sort((x, y) => x - y);
    expect(handled).toEqual([...ids].sort((x, y) => x - y));
    const rows = await getDb().select().from(schedules).where(inArray(schedules.id, ids));
    expect(rows.every((r) => r.status === "ENVIADA" && r.attempts === 1 && r.sentAt)).toBe(true);
    const sentMessages = await getDb()
      .select({ body: messages.body, n: sql<number>`count(*)::int` })
      .from(messages)
      .where(inArray(messages.body, due.map((s) => s.body)))
      .groupBy(messages.body);
    expect(sentMessages).toHaveLength(due.length);
    expect(sentMessages.every((m) => m.n === 1)).toBe(true);
    // one open ticket per bare contact, holding both of its messages
    for (const contactId of bare) {
      const open = await getDb()
        .select()
        .from(tickets)
        .where(and(eq(tickets.contactId, contactId), eq(tickets.whatsappId, t.whatsappId)));
      expect(open).toHaveLength(1);
    }
  });
});
