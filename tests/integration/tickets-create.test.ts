import { and, eq, ne } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as startRoute } from "@/app/api/contacts/[id]/ticket/route";
import { getDb } from "@/db";
import { tickets, whatsapps } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { ticketCycles } from "@/lib/tickets/tracking";
import { call } from "../helpers/http";
import { dbKind, raceOnTable } from "../helpers/race";
import { captureRealtime, newContact, post, published, ticketEvents, twoCompanies, type Env } from "../helpers/ticket-env";

// POST /api/tickets: the new-ticket modal (spec core §2 Modals, §5 "Selecione uma fila", §8 conflict)
let env: Env;
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
  // company A's default connection
  await getDb().update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.companyId, env.a.companyId));
});

const openTickets = (contactId: number) =>
  getDb().select().from(tickets).where(and(eq(tickets.contactId, contactId), ne(tickets.status, "closed")));

describe("POST /api/tickets", () => {
  it("creates an open ticket owned by the caller in the chosen queue, with its first cycle taken", async () => {
    const { a, agentA } = env;
    const c = await newContact(a);
    const before = new Date();
    const res = await post(agentA, { contactId: c.id, queueId: a.agentQueueId, status: "open" });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      status: "open",
      userId: a.agent.id,
      user: { id: a.agent.id, name: a.agent.name },
      queueId: a.agentQueueId,
      whatsappId: a.whatsappId,
      contact: { id: c.id, name: c.name, number: c.number },
    });
    expect(ticketEvents("update", res.body.id)[0].channels).toEqual([
      channels.tickets(a.companyId, a.agentQueueId, "open"),
      channels.allTickets(a.companyId, "open"),
      // the owner's own channel (lib/realtime/ticket-events.ts)
      channels.user(a.companyId, a.agent.id),
    ]);
    const [cycle] = await ticketCycles(getDb(), { companyId: a.companyId, ticketId: res.body.id });
    expect(cycle).toMatchObject({ userId: a.agent.id, queueId: a.agentQueueId, whatsappId: a.whatsappId, finishedAt: null, rated: false });
    expect(cycle.startedAt).toEqual(cycle.queuedAt);
    expect(cycle.queuedAt!.getTime()).toBeGreaterThanOrEqual(before.getTime());
  });

  it("requires a queue from non-admins (Selecione uma fila); admins may leave it out", async () => {
    const { a, agentA, adminA } = env;
    const c = await newContact(a);
    const res = await post(agentA, { contactId: c.id, status: "open" });
    expect(res).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "queueId", message: "required" }] } });
    expect(await openTickets(c.id)).toEqual([]);
    expect(await post(adminA, { contactId: c.id, status: "open" })).toMatchObject({ status: 201, body: { queueId: null, userId: a.admin.id } });
  });

  it("lets an admin open it in a user's name; nobody else may", async () => {
    const { a, b, agentA, adminA } = env;
    const c = await newContact(a);
    expect(await post(agentA, { contactId: c.id, queueId: a.agentQueueId, userId: a.admin.id })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await post(adminA, { contactId: c.id, userId: b.agent.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await openTickets(c.id)).toEqual([]);
    const res = await post(adminA, { contactId: c.id, queueId: a.agentQueueId, userId: a.agent.id });
    expect(res).toMatchObject({ status: 201, body: { userId: a.agent.id, queueId: a.agentQueueId } });
    // the agent asking again gets their own ticket, 200, nothing published
    published.length = 0;
    expect(await post(agentA, { contactId: c.id, queueId: a.agentQueueId })).toMatchObject({ status: 200, body: { id: res.body.id } });
    expect(published).toEqual([]);
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET naming the owner and queue of the contact's open ticket", async () => {
    const { a, agentA, adminA } = env;
    const c = await newContact(a);
    const held = await post(agentA, { contactId: c.id, queueId: a.agentQueueId });
    const res = await post(adminA, { contactId: c.id, queueId: a.queueIds[1] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      ticket: { id: held.body.id, uuid: held.body.uuid, userId: a.agent.id, user: { name: a.agent.name }, queue: { name: expect.stringMatching(/^Support/) } },
    });
    expect(await openTickets(c.id)).toHaveLength(1);
  });

  it("accepts the contact's waiting ticket nobody holds, when the caller may open it", async () => {
    const { a, agentA } = env;
    const c = await newContact(a);
    const [pending] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: c.id, whatsappId: a.whatsappId, status: "pending", queueId: a.agentQueueId })
      .returning();
    const res = await post(agentA, { contactId: c.id, queueId: a.agentQueueId });
    expect(res).toMatchObject({ status: 200, body: { id: pending.id, status: "open", userId: a.agent.id } });
    expect(ticketEvents("delete", pending.id)[0].channels).toEqual([
      channels.tickets(a.companyId, a.agentQueueId, "pending"),
      channels.allTickets(a.companyId, "pending"),
    ]);
    const cycles = await ticketCycles(getDb(), { companyId: a.companyId, ticketId: pending.id });
    expect(cycles).toHaveLength(1);
    expect(cycles[0]).toMatchObject({ userId: a.agent.id, startedAt: expect.any(Date) });
  });

  it("refuses another company's contact, connection or queue, and an agent's foreign queue", async () => {
    const { a, b, agentA, adminA } = env;
    const foreign = await newContact(b);
    expect(await post(adminA, { contactId: foreign.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    const c = await newContact(a);
    expect(await post(adminA, { contactId: c.id, whatsappId: b.whatsappId })).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await post(adminA, { contactId: c.id, queueId: b.queueIds[0] })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect(await post(agentA, { contactId: c.id, queueId: a.queueIds[1] })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await post(adminA, { contactId: c.id, status: "closed" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await post(adminA, { contactId: c.id, companyId: b.companyId })).toMatchObject({ status: 404 });
    expect(await openTickets(c.id)).toEqual([]);
    expect(await openTickets(foreign.id)).toEqual([]);
  });

  it("shares its code path with the contacts page's start (tracking included)", async () => {
    const { a, agentA } = env;
    const c = await newContact(a);
    const res = await call(startRoute, { method: "POST", url: `/api/contacts/${c.id}/ticket`, token: agentA, params: { id: c.id }, body: {} });
    expect(res).toMatchObject({ status: 201, body: { userId: a.agent.id, queueId: a.agentQueueId } });
    expect(await ticketCycles(getDb(), { companyId: a.companyId, ticketId: res.body.id })).toEqual([
      expect.objectContaining({ userId: a.agent.id, queueId: a.agentQueueId, startedAt: expect.any(Date), finishedAt: null }),
    ]);
    // and the new-ticket modal then finds the same ticket
    expect(await post(agentA, { contactId: c.id, queueId: a.agentQueueId })).toMatchObject({ status: 200, body: { id: res.body.id } });
  });

  it("opens exactly one ticket when two users create one at once", async ({ skip }) => {
    skip(dbKind() === "pglite", "needs a real server: PGlite's one session never makes writers wait on a lock");
    const { a, agentA, adminA } = env;
    const c = await newContact(a);
    const body = { contactId: c.id, queueId: a.agentQueueId };
    const results = await raceOnTable("tickets", 2, () => Promise.all([post(agentA, body), post(adminA, body)]));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
    const winner = results.find((r) => r.status === 201)!;
    expect(results.find((r) => r.status === 409)!.body).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", ticket: { id: winner.body.id, userId: winner.body.userId } });
    expect(await openTickets(c.id)).toHaveLength(1);
    expect(await ticketCycles(getDb(), { companyId: a.companyId, ticketId: winner.body.id })).toHaveLength(1);
  });
});
