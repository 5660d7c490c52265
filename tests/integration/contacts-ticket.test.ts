import { and, eq, ne } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { POST as startRoute } from "@/app/api/contacts/[id]/ticket/route";
import { getDb } from "@/db";
import { contacts, tickets, users, whatsapps } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { dbKind, raceOnTable } from "../helpers/race";

// POST /api/contacts/{id}/ticket: the contacts page's "start a ticket" (spec core §2, §8)
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
const published: RealtimeEvent[] = [];
let seq = 0;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  // the company's default connection
  await getDb().update(whatsapps).set({ isDefault: true }).where(eq(whatsapps.companyId, a.companyId));
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

async function newContact(t: Tenant, name = `Cliente ${++seq}`) {
  const [c] = await getDb()
    .insert(contacts)
    .values({ companyId: t.companyId, name, number: `5541${String(Date.now() % 1e5).padStart(5, "0")}${String(++seq).padStart(4, "0")}` })
    .returning();
  return c;
}

const start = (token: string, id: number, body: Record<string, unknown> = {}) =>
  call(startRoute, { method: "POST", url: `/api/contacts/${id}/ticket`, token, params: { id }, body });
const openTickets = (contactId: number) =>
  getDb().select().from(tickets).where(and(eq(tickets.contactId, contactId), ne(tickets.status, "closed")));

describe("POST /api/contacts/{id}/ticket", () => {
  it("creates an open ticket owned by the caller on the default connection, and publishes it", async () => {
    const c = await newContact(a);
    const res = await start(agentA, c.id);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "open",
      userId: a.agent.id,
      user: { id: a.agent.id, name: a.agent.name },
      whatsappId: a.whatsappId,
      // an agent's ticket goes to one of their queues (spec: only admins may leave it out)
      queueId: a.agentQueueId,
      contact: { id: c.id, name: c.name, number: c.number },
    });
    const rows = await openTickets(c.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: res.body.id, status: "open", userId: a.agent.id, companyId: a.companyId });
    expect(published).toContainEqual(
      expect.objectContaining({
        channels: [channels.tickets(a.companyId, a.agentQueueId, "open"), channels.allTickets(a.companyId, "open"), channels.user(a.companyId, a.agent.id)],
        event: "ticket",
      }),
    );
  });

  it("leaves an admin's ticket without a queue unless one is asked for", async () => {
    const c = await newContact(a);
    expect((await start(adminA, c.id)).body).toMatchObject({ status: "open", userId: a.admin.id, queueId: null });
    const d = await newContact(a);
    expect((await start(adminA, d.id, { queueId: a.queueIds[1] })).body).toMatchObject({ queueId: a.queueIds[1] });
  });

  it("answers the caller's own ticket again instead of opening a second", async () => {
    const c = await newContact(a);
    const first = await start(agentA, c.id);
    published.length = 0;
    const again = await start(agentA, c.id);
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ id: first.body.id, uuid: first.body.uuid });
    expect(await openTickets(c.id)).toHaveLength(1);
    expect(published.filter((e) => e.event === "ticket")).toEqual([]);
  });

  it("answers 409 ERR_OTHER_OPEN_TICKET with the owner and queue when another user holds it", async () => {
    const c = await newContact(a);
    const held = await start(agentA, c.id);
    const res = await start(adminA, c.id);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: "ERR_OTHER_OPEN_TICKET",
      ticket: { id: held.body.id, uuid: held.body.uuid, userId: a.agent.id, user: { name: a.agent.name }, queue: { name: expect.stringMatching(/^Support/) } },
    });
    expect(await openTickets(c.id)).toHaveLength(1);
  });

  it("accepts an unassigned pending ticket the caller may open; refuses one of another queue", async () => {
    const c = await newContact(a);
    const [pending] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: c.id, whatsappId: a.whatsappId, status: "pending", queueId: a.agentQueueId })
      .returning();
    const res = await start(agentA, c.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: pending.id, status: "open", userId: a.agent.id, queueId: a.agentQueueId });
    // it left the pending list and joined the open one
    expect(published).toContainEqual(expect.objectContaining({ data: { action: "delete", ticketId: pending.id } }));

    const d = await newContact(a);
    const [otherQueue] = await getDb()
      .insert(tickets)
      .values({ companyId: a.companyId, contactId: d.id, whatsappId: a.whatsappId, status: "pending", queueId: a.queueIds[1] })
      .returning();
    const refused = await start(agentA, d.id);
    expect(refused).toMatchObject({ status: 409, body: { error: "ERR_OTHER_OPEN_TICKET", ticket: { id: otherQueue.id, userId: null, user: null } } });
    const [still] = await getDb().select().from(tickets).where(eq(tickets.id, otherQueue.id));
    expect(still).toMatchObject({ status: "pending", userId: null });
  });

  it("opens a new ticket when the contact's earlier ones are closed", async () => {
    const c = await newContact(a);
    await getDb().insert(tickets).values({ companyId: a.companyId, contactId: c.id, whatsappId: a.whatsappId, status: "closed", userId: a.admin.id });
    const res = await start(agentA, c.id);
    expect(res.status).toBe(201);
    expect(await openTickets(c.id)).toHaveLength(1);
  });

  it("uses the caller's own default connection first", async () => {
    const [mine] = await getDb()
      .insert(whatsapps)
      .values({ companyId: a.companyId, name: `Pessoal ${++seq}`, provider: "sandbox" })
      .returning();
    await getDb().update(users).set({ whatsappId: mine.id }).where(eq(users.id, a.agent.id));
    try {
      const c = await newContact(a);
      expect((await start(agentA, c.id)).body).toMatchObject({ whatsappId: mine.id });
    } finally {
      await getDb().update(users).set({ whatsappId: null }).where(eq(users.id, a.agent.id));
    }
  });

  it("answers ERR_NO_DEF_WAPP_FOUND when the company has no usable connection", async () => {
    const c = await newContact(b);
    expect(await start(adminB, c.id)).toMatchObject({ status: 400, body: { error: "ERR_NO_DEF_WAPP_FOUND" } });
    expect(await openTickets(c.id)).toEqual([]);
  });

  it("refuses another company's contact, connection or queue", async () => {
    const foreign = await newContact(b);
    expect(await start(adminA, foreign.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CONTACT_FOUND" } });
    expect(await openTickets(foreign.id)).toEqual([]);
    const c = await newContact(a);
    expect(await start(adminA, c.id, { whatsappId: b.whatsappId })).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await start(adminA, c.id, { queueId: b.queueIds[0] })).toMatchObject({ status: 404 });
    // an agent may only use their own queues
    expect(await start(agentA, c.id, { queueId: a.queueIds[1] })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await openTickets(c.id)).toEqual([]);
  });

  it("opens exactly one ticket when two users start one at once", async ({ skip }) => {
    skip(dbKind() === "pglite", "needs a real server: PGlite's one session never makes writers wait on a lock");
    const c = await newContact(a);
    const results = await raceOnTable("tickets", 2, () => Promise.all([start(agentA, c.id), start(adminA, c.id)]));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([201, 409]);
    const loser = results.find((r) => r.status === 409)!;
    const winner = results.find((r) => r.status === 201)!;
    expect(loser.body).toMatchObject({ error: "ERR_OTHER_OPEN_TICKET", ticket: { id: winner.body.id, userId: winner.body.userId } });
    expect(await openTickets(c.id)).toHaveLength(1);
  });
});
