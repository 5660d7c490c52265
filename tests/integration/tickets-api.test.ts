import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as getTicketRoute } from "@/app/api/tickets/[id]/route";
import { GET as listTicketsRoute } from "@/app/api/tickets/route";
import { GET as getByUuidRoute } from "@/app/api/tickets/u/[uuid]/route";
import { getDb } from "@/db";
import { contacts, messages, prompts, queueIntegrations, tickets, users } from "@/db/schema";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// GET /api/tickets and /api/tickets/{id}: who sees what (spec core §5/§6), and never another company
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let seq = 0;
const ids: Record<string, number> = {};

type Spec = { status: "pending" | "open" | "closed"; queueId: number | null; userId: number | null; name?: string; lastMessage?: string };

async function makeTicket(tenant: Tenant, s: Spec) {
  const db = getDb();
  const n = ++seq;
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: tenant.companyId, name: s.name ?? `Contato ${n}`, number: `55319${String(n).padStart(8, "0")}` })
    .returning();
  const [ticket] = await db
    .insert(tickets)
    .values({
      companyId: tenant.companyId,
      contactId: contact.id,
      whatsappId: tenant.whatsappId,
      status: s.status,
      queueId: s.queueId,
      userId: s.userId,
      lastMessage: s.lastMessage ?? `mensagem ${n}`,
      // distinct activity times, the later made the newer
      updatedAt: new Date(Date.UTC(2025, 0, 1) + n * 60_000),
    })
    .returning();
  // the message the last message came from: the text search reads message bodies
  await db.insert(messages).values({ companyId: tenant.companyId, ticketId: ticket.id, contactId: contact.id, whatsappId: tenant.whatsappId, wid: `W${n}`, body: ticket.lastMessage });
  return ticket.id;
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  const [q1, q2] = a.queueIds;
  ids.pendingNone = await makeTicket(a, { status: "pending", queueId: null, userId: null, name: "Zuleica Prado" });
  ids.pendingMine = await makeTicket(a, { status: "pending", queueId: q1, userId: null });
  ids.pendingOther = await makeTicket(a, { status: "pending", queueId: q2, userId: null, lastMessage: "Quero um ORÇAMENTO 100%" });
  ids.openAgent = await makeTicket(a, { status: "open", queueId: q1, userId: a.agent.id });
  ids.openAdmin = await makeTicket(a, { status: "open", queueId: q1, userId: a.admin.id });
  ids.openAgentOtherQueue = await makeTicket(a, { status: "open", queueId: q2, userId: a.agent.id });
  ids.closedAgent = await makeTicket(a, { status: "closed", queueId: q1, userId: a.agent.id });
  ids.foreign = await makeTicket(b, { status: "pending", queueId: null, userId: null, name: "Zuleica Prado" });
});

const list = (token: string, query = "") => call(listTicketsRoute, { url: `/api/tickets${query}`, token });
const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id).sort((x, y) => x - y);
const pick = (...keys: string[]) => keys.map((k) => ids[k]).sort((x, y) => x - y);
const one = (token: string, id: number) => call(getTicketRoute, { url: `/api/tickets/${id}`, token, params: { id } });

describe("GET /api/tickets", () => {
  it("shows an agent their own open tickets, the pending ones of their queues or none, and what they may open", async () => {
    const tab = async (query: string) => idsOf((await list(agentA, query)).body);
    expect(await tab("?status=open")).toEqual(pick("openAgent", "openAgentOtherQueue"));
    expect(await tab("?status=pending")).toEqual(pick("pendingNone", "pendingMine"));
    expect(await tab("?status=closed")).toEqual(pick("closedAgent"));
    // the search tab: every ticket they may open (their queue's, no queue's, their own)
    const search = pick("pendingNone", "pendingMine", "openAgent", "openAdmin", "openAgentOtherQueue", "closedAgent");
    expect(await tab("?status=")).toEqual(search);
    expect(await tab("")).toEqual(search);
    // showAll is an admin's switch
    expect(await tab("?status=open&showAll=true")).toEqual(pick("openAgent", "openAgentOtherQueue"));
    expect(await tab("?showAll=true")).toEqual(search);
  });

  it("adds other queues' pending tickets for allTicket users", async () => {
    await getDb().update(users).set({ allTicket: "enable" }).where(eq(users.id, a.agent.id));
    try {
      expect(idsOf((await list(agentA, "?status=pending")).body)).toEqual(pick("pendingNone", "pendingMine", "pendingOther"));
    } finally {
      await getDb().update(users).set({ allTicket: "disable" }).where(eq(users.id, a.agent.id));
    }
  });

  it("shows an admin their own open tickets, every pending one, and everything with showAll or in search", async () => {
    expect(idsOf((await list(adminA, "?status=open")).body)).toEqual(pick("openAdmin"));
    expect(idsOf((await list(adminA, "?status=pending")).body)).toEqual(pick("pendingNone", "pendingMine", "pendingOther"));
    const everything = pick("pendingNone", "pendingMine", "pendingOther", "openAgent", "openAdmin", "openAgentOtherQueue", "closedAgent");
    expect(idsOf((await list(adminA, "?showAll=true")).body)).toEqual(everything);
    expect(idsOf((await list(adminA, "?status=")).body)).toEqual(everything);
    expect(idsOf((await list(adminA, "?showAll=true&status=open")).body)).toEqual(pick("openAgent", "openAdmin", "openAgentOtherQueue"));
  });

  it("answers list items newest activity first, with their contact, queue, connection and user", async () => {
    const res = await list(adminA, "?showAll=true&status=open");
    expect(res.body.tickets.map((t: { id: number }) => t.id)).toEqual([ids.openAgentOtherQueue, ids.openAdmin, ids.openAgent]);
    const item = res.body.tickets.find((t: { id: number }) => t.id === ids.openAgent);
    expect(item).toEqual({
      id: ids.openAgent,
      uuid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "open",
      unreadMessages: 0,
      lastMessage: expect.any(String),
      updatedAt: expect.any(String),
      isGroup: false,
      chatbot: false,
      useIntegration: false,
      promptId: null,
      integrationId: null,
      userId: a.agent.id,
      queueId: a.agentQueueId,
      whatsappId: a.whatsappId,
      contactId: expect.any(Number),
      contact: { id: expect.any(Number), name: expect.any(String), number: expect.any(String), profilePicUrl: "" },
      queue: { id: a.agentQueueId, name: expect.stringMatching(/^Support/), color: "#0EA5E9" },
      whatsapp: { id: a.whatsappId, name: expect.stringMatching(/^Sandbox/) },
      user: { id: a.agent.id, name: a.agent.name },
      tags: [],
    });
  });

  it("searches contact name, number and message text, case-insensitively and literally", async () => {
    expect(idsOf((await list(adminA, "?showAll=true&searchParam=zULEICA")).body)).toEqual([ids.pendingNone]);
    expect(idsOf((await list(adminA, "?showAll=true&searchParam=or%C3%A7amento")).body)).toEqual([ids.pendingOther]);
    expect(idsOf((await list(adminA, "?showAll=true&searchParam=100%25")).body)).toEqual([ids.pendingOther]);
    expect((await list(adminA, "?showAll=true&searchParam=_")).body.count).toBe(0);
    const [c] = await getDb().select({ number: contacts.number }).from(contacts).innerJoin(tickets, eq(tickets.contactId, contacts.id)).where(eq(tickets.id, ids.openAdmin));
    expect(idsOf((await list(adminA, `?showAll=true&searchParam=${c.number.slice(-6)}`)).body)).toEqual([ids.openAdmin]);
    // search keeps visibility: the agent does not find another queue's ticket
    expect((await list(agentA, "?searchParam=or%C3%A7amento")).body.count).toBe(0);
  });

  it("pages 40 at a time", async () => {
    const t = await createTenant();
    for (let i = 0; i < 45; i++) await makeTicket(t, { status: "pending", queueId: null, userId: null });
    const { token } = await loginAs(t.admin);
    const first = await list(token, "?status=pending");
    expect(first.body.tickets).toHaveLength(40);
    expect(first.body).toMatchObject({ count: 45, hasMore: true });
    const second = await list(token, "?status=pending&pageNumber=2");
    expect(second.body.tickets).toHaveLength(5);
    expect(second.body).toMatchObject({ count: 45, hasMore: false });
    expect(new Set([...idsOf(first.body), ...idsOf(second.body)]).size).toBe(45);
  });

  it("never lists another company's tickets and refuses its companyId", async () => {
    const res = await list(adminB, "?showAll=true");
    expect(idsOf(res.body)).toEqual([ids.foreign]);
    expect(idsOf((await list(adminA, "?showAll=true&searchParam=zuleica")).body)).toEqual([ids.pendingNone]);
    expect((await list(adminA, `?companyId=${b.companyId}`)).status).toBe(404);
    expect((await list(adminA, "?status=bogus")).status).toBe(400);
    expect((await call(listTicketsRoute, { url: "/api/tickets" })).status).toBe(401);
  });
});

describe("GET /api/tickets/{id}", () => {
  it("answers a ticket with its contact, queue, connection and user", async () => {
    const res = await one(adminA, ids.openAgent);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: ids.openAgent,
      status: "open",
      contact: { id: expect.any(Number) },
      queue: { id: a.agentQueueId },
      whatsapp: { id: a.whatsappId },
      user: { id: a.agent.id, name: a.agent.name },
    });
  });

  it("lets an agent open their queues' tickets, no-queue ones and their own, not another queue's", async () => {
    for (const key of ["pendingNone", "pendingMine", "openAdmin", "openAgentOtherQueue", "closedAgent"]) {
      expect((await one(agentA, ids[key])).status).toBe(200);
    }
    expect(await one(agentA, ids.pendingOther)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await one(adminA, ids.pendingOther)).status).toBe(200);
  });

  it("answers 404 for another company's ticket and for none", async () => {
    for (const token of [adminA, agentA]) {
      expect(await one(token, ids.foreign)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    }
    expect((await one(adminB, ids.openAgent)).status).toBe(404);
    expect((await one(adminA, 2_000_000_000)).status).toBe(404);
    expect((await call(getTicketRoute, { url: "/api/tickets/abc", token: adminA, params: { id: "abc" } })).status).toBe(400);
  });
});

describe("the bot fields (core §3 Ticket: useIntegration, promptId, integrationId)", () => {
  it("are in the list, by id and by uuid", async () => {
    const db = getDb();
    const [prompt] = await db.insert(prompts).values({ companyId: a.companyId, name: "P", prompt: "p" }).returning();
    const [integration] = await db.insert(queueIntegrations).values({ companyId: a.companyId, type: "webhook", name: "W" }).returning();
    const id = await makeTicket(a, { status: "pending", queueId: a.agentQueueId, userId: null });
    const [row] = await db.update(tickets).set({ useIntegration: true, promptId: prompt.id, integrationId: integration.id }).where(eq(tickets.id, id)).returning();
    const fields = { useIntegration: true, promptId: prompt.id, integrationId: integration.id };
    const listed = (await list(adminA, "?status=pending")).body.tickets.find((t: { id: number }) => t.id === id);
    expect(listed).toMatchObject(fields);
    expect((await one(agentA, id)).body).toMatchObject(fields);
    const byUuid = await call(getByUuidRoute, { url: `/api/tickets/u/${row.uuid}`, token: agentA, params: { uuid: row.uuid } });
    expect(byUuid.body).toMatchObject(fields);
  });
});

describe("GET /api/tickets/u/{uuid}", () => {
  const byUuid = (token: string, uuid: string) => call(getByUuidRoute, { url: `/api/tickets/u/${uuid}`, token, params: { uuid } });
  const uuidOf = async (id: number) => (await getDb().select({ uuid: tickets.uuid }).from(tickets).where(eq(tickets.id, id)))[0].uuid;

  it("answers the ticket a conversation URL names, under the same rules as by id", async () => {
    const uuid = await uuidOf(ids.openAgent);
    expect(await byUuid(agentA, uuid)).toMatchObject({ status: 200, body: { id: ids.openAgent, uuid, user: { id: a.agent.id } } });
    expect((await byUuid(agentA, uuid.toUpperCase())).body.id).toBe(ids.openAgent);
    expect(await byUuid(agentA, await uuidOf(ids.pendingOther))).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await byUuid(adminA, await uuidOf(ids.pendingOther))).status).toBe(200);
  });

  it("answers 404 for another company's ticket, an unknown uuid and a malformed one", async () => {
    expect(await byUuid(adminA, await uuidOf(ids.foreign))).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect((await byUuid(adminA, "00000000-0000-4000-8000-000000000000")).status).toBe(404);
    for (const bad of ["abc", "1", "00000000-0000-4000-8000-00000000000g", "'; drop table tickets; --"]) {
      expect(await byUuid(adminA, bad)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    }
  });
});
