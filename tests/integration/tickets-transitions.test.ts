import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { prompts, queueIntegrations, tags, ticketTags, tickets, whatsapps } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import {
  captureRealtime,
  del,
  makeTicket,
  outbox,
  published,
  put,
  ticketEvents,
  ticketRow,
  twoCompanies,
  type Env,
} from "../helpers/ticket-env";

// PUT/DELETE /api/tickets/{id}: each transition of spec core §4, what it writes and what it publishes
let env: Env;
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
});

// the ticket's lists, and its agent's own channel when it has one (lib/realtime/ticket-events.ts)
const lists = (companyId: number, queueId: number | null, status: "pending" | "open" | "closed", userId?: number) => [
  channels.tickets(companyId, queueId, status),
  channels.allTickets(companyId, status),
  ...(userId ? [channels.user(companyId, userId)] : []),
];

describe("accept", () => {
  it("moves a pending ticket to open for the caller and moves it between the lists", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    const res = await put(agentA, t.id, { status: "open" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.id, status: "open", userId: a.agent.id, user: { id: a.agent.id, name: a.agent.name }, queueId: a.agentQueueId });
    expect(await ticketRow(t.id)).toMatchObject({ status: "open", userId: a.agent.id, chatbot: false });
    expect(ticketEvents("delete", t.id)).toEqual([
      { channels: lists(a.companyId, a.agentQueueId, "pending"), event: "ticket", data: { action: "delete", ticketId: t.id } },
    ]);
    const updates = ticketEvents("update", t.id);
    expect(updates.map((e) => e.channels)).toEqual([lists(a.companyId, a.agentQueueId, "open", a.agent.id), [channels.ticket(a.companyId, t.id)]]);
    expect(updates[0].data).toMatchObject({ ticket: { id: t.id, status: "open", userId: a.agent.id } });
    // sendGreetingAccepted is disabled by default
    expect(await outbox(t.id)).toEqual([]);
  });

  it("answers the ticket unchanged, with its tags, when the caller already holds it", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    const [tag] = await getDb().insert(tags).values({ companyId: a.companyId, name: "VIP", color: "#FF0000" }).returning();
    await getDb().insert(ticketTags).values({ ticketId: t.id, tagId: tag.id, companyId: a.companyId });
    expect(await put(agentA, t.id, { status: "open" })).toMatchObject({
      status: 200,
      body: { status: "open", userId: a.agent.id, tags: [{ id: tag.id, name: "VIP", color: "#FF0000" }] },
    });
  });
});

describe("return", () => {
  it("puts an open ticket back in its queue with no user", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    const res = await put(agentA, t.id, { status: "pending", userId: null });
    expect(res).toMatchObject({ status: 200, body: { status: "pending", userId: null, user: null, queueId: a.agentQueueId } });
    expect(ticketEvents("delete", t.id)[0].channels).toEqual(lists(a.companyId, a.agentQueueId, "open", a.agent.id));
    expect(ticketEvents("update", t.id)[0].channels).toEqual(lists(a.companyId, a.agentQueueId, "pending"));
  });
});

describe("resolve", () => {
  it("closes at once, clearing bot, integration and prompt, keeping queue and agent, nothing unread", async () => {
    const { a, adminA } = env;
    const db = getDb();
    const [prompt] = await db.insert(prompts).values({ companyId: a.companyId, name: "P", prompt: "p" }).returning();
    const [integration] = await db.insert(queueIntegrations).values({ companyId: a.companyId, type: "n8n", name: "N" }).returning();
    const t = await makeTicket(a, { status: "open", queueId: a.queueIds[1], userId: a.admin.id });
    await put(adminA, t.id, { useIntegration: true, promptId: prompt.id, integrationId: integration.id });
    expect(await ticketRow(t.id)).toMatchObject({ useIntegration: true, promptId: prompt.id, integrationId: integration.id });
    published.length = 0;
    const res = await put(adminA, t.id, { status: "closed" });
    expect(res).toMatchObject({ status: 200, body: { status: "closed", queueId: a.queueIds[1], userId: a.admin.id, unreadMessages: 0 } });
    expect(await ticketRow(t.id)).toMatchObject({ status: "closed", useIntegration: false, promptId: null, integrationId: null, chatbot: false });
    expect(ticketEvents("delete", t.id)[0].channels).toEqual(lists(a.companyId, a.queueIds[1], "open"));
    expect(ticketEvents("update", t.id)[0].channels).toEqual(lists(a.companyId, a.queueIds[1], "closed", a.admin.id));
    // no completion message on this connection: nothing to the customer
    expect(await outbox(t.id)).toEqual([]);
  });

  it("sends the connection's completion message, never to a group", async () => {
    const { a, agentA } = env;
    await getDb().update(whatsapps).set({ complationMessage: "Obrigado pelo contato!" }).where(eq(whatsapps.id, a.whatsappId));
    try {
      const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
      await put(agentA, t.id, { status: "closed" });
      expect(await outbox(t.id)).toEqual([{ body: "Obrigado pelo contato!", sendStatus: "pending" }]);
      expect(published).toContainEqual(
        expect.objectContaining({ event: "appMessage", channels: expect.arrayContaining([channels.ticket(a.companyId, t.id)]) }),
      );
      const group = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id, isGroup: true });
      await put(agentA, group.id, { status: "closed" });
      expect(await outbox(group.id)).toEqual([]);
    } finally {
      await getDb().update(whatsapps).set({ complationMessage: "" }).where(eq(whatsapps.id, a.whatsappId));
    }
  });
});

describe("reopen", () => {
  it("opens a closed ticket for the caller in the same queue", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "closed", queueId: a.agentQueueId, userId: a.agent.id });
    const res = await put(agentA, t.id, { status: "open" });
    expect(res).toMatchObject({ status: 200, body: { status: "open", userId: a.agent.id, queueId: a.agentQueueId } });
    expect(ticketEvents("delete", t.id)[0].channels).toEqual(lists(a.companyId, a.agentQueueId, "closed"));
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the contact's open ticket", async () => {
    const { a, adminA } = env;
    const closed = await makeTicket(a, { status: "closed", queueId: a.agentQueueId, userId: a.admin.id });
    const [open] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: closed.contactId, whatsappId: a.whatsappId, status: "open", userId: a.agent.id, queueId: a.agentQueueId })
      .returning();
    const res = await put(adminA, closed.id, { status: "open" });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      ticket: { id: open.id, uuid: open.uuid, userId: a.agent.id, user: { name: a.agent.name }, queue: { name: expect.stringMatching(/^Support/) } },
    });
    expect(await ticketRow(closed.id)).toMatchObject({ status: "closed" });
  });
});

describe("transfer", () => {
  it("to a queue without a user: pending, nobody's", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    const res = await put(agentA, t.id, { queueId: a.queueIds[1], userId: null });
    expect(res).toMatchObject({ status: 200, body: { status: "pending", userId: null, queueId: a.queueIds[1], queue: { id: a.queueIds[1] } } });
    expect(ticketEvents("delete", t.id)[0].channels).toEqual(lists(a.companyId, a.agentQueueId, "open", a.agent.id));
    expect(ticketEvents("update", t.id)[0].channels).toEqual(lists(a.companyId, a.queueIds[1], "pending"));
    // sendMsgTransfTicket is disabled by default
    expect(await outbox(t.id)).toEqual([]);
  });

  it("to a queue and a user: open for that user", async () => {
    const { a, adminA } = env;
    const t = await makeTicket(a, { status: "pending", queueId: a.queueIds[1] });
    const res = await put(adminA, t.id, { queueId: a.agentQueueId, userId: a.agent.id });
    expect(res).toMatchObject({ status: 200, body: { status: "open", userId: a.agent.id, queueId: a.agentQueueId } });
  });

  it("onto a connection where the contact has an open ticket: 409 ERR_OTHER_OPEN_TICKET", async () => {
    const { a, adminA } = env;
    const [other] = await getDb().insert(whatsapps).values({ companyId: a.companyId, name: `Outra ${Date.now()}`, provider: "sandbox" }).returning();
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.admin.id });
    const [there] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: t.contactId, whatsappId: other.id, status: "pending" })
      .returning();
    const res = await put(adminA, t.id, { queueId: a.queueIds[1], userId: null, whatsappId: other.id });
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_OTHER_OPEN_TICKET", ticket: { id: there.id, uuid: there.uuid, userId: null, user: null, queue: null } } });
    expect(await ticketRow(t.id)).toMatchObject({ whatsappId: a.whatsappId, queueId: a.agentQueueId, status: "open" });
    // onto a free connection it moves
    await getDb().delete(tickets).where(eq(tickets.id, there.id));
    expect(await put(adminA, t.id, { queueId: a.queueIds[1], userId: null, whatsappId: other.id })).toMatchObject({ status: 200, body: { whatsappId: other.id } });
  });
});

describe("delete", () => {
  it("lets an admin delete a ticket and sends its viewers back to the list", async () => {
    const { a, adminA, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    expect(await del(agentA, t.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(published).toEqual([]);
    expect(await del(adminA, t.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await ticketRow(t.id)).toBeUndefined();
    expect(ticketEvents("delete", t.id)).toEqual([
      { channels: lists(a.companyId, a.agentQueueId, "open", a.agent.id), event: "ticket", data: { action: "delete", ticketId: t.id } },
      { channels: [channels.ticket(a.companyId, t.id)], event: "ticket", data: { action: "delete", ticketId: t.id } },
    ]);
    expect(await del(adminA, t.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
  });

  it("never deletes another company's ticket", async () => {
    const { a, adminB } = env;
    const t = await makeTicket(a, { status: "pending" });
    expect(await del(adminB, t.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await ticketRow(t.id)).toBeDefined();
  });
});
