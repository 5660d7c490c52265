import { beforeAll, describe, expect, it } from "vitest";
import { GET as listTicketsRoute } from "@/app/api/tickets/route";
import { getDb } from "@/db";
import { contacts, tags, tickets, ticketTags } from "@/db/schema";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// GET /api/tickets filters (spec core §7): queueIds, tags, users, date, updatedAt, withUnreadMessages,
// each narrowing what the caller may see, read leniently (JSON arrays or comma lists), garbage refused.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let seq = 0;
const ids: Record<string, number> = {};
const tagIds: Record<string, number> = {};

type Spec = {
  status: "pending" | "open" | "closed";
  queueId: number | null;
  userId: number | null;
  tags?: string[];
  createdAt?: string;
  updatedAt?: string;
  unread?: number;
};

async function makeTicket(tenant: Tenant, s: Spec) {
  const db = getDb();
  const n = ++seq;
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: tenant.companyId, name: `Filtro ${n}`, number: `55319${String(n).padStart(8, "0")}` })
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
      unreadMessages: s.unread ?? 0,
      createdAt: new Date(s.createdAt ?? "2025-02-01T15:00:00Z"),
      updatedAt: new Date(s.updatedAt ?? Date.UTC(2025, 1, 2) + n * 60_000),
    })
    .returning();
  for (const tag of s.tags ?? []) await db.insert(ticketTags).values({ ticketId: ticket.id, tagId: tagIds[tag], companyId: tenant.companyId });
  return ticket.id;
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA] = (await Promise.all([loginAs(a.admin), loginAs(a.agent)])).map((s) => s.token);
  const rows = await getDb()
    .insert(tags)
    .values([
      { companyId: a.companyId, name: "vip", color: "#111111" },
      { companyId: a.companyId, name: "urgente", color: "#222222" },
      { companyId: b.companyId, name: "vip", color: "#333333" },
    ])
    .returning();
  [tagIds.vip, tagIds.urgente, tagIds.foreignVip] = rows.map((r) => r.id);
  const [q1, q2] = a.queueIds;
  // America/Sao_Paulo (UTC-3): 02:00Z on the 10th is still the 9th there
  ids.q1Open = await makeTicket(a, { status: "open", queueId: q1, userId: a.agent.id, tags: ["vip"], createdAt: "2025-03-10T02:00:00Z", unread: 2 });
  ids.q2Open = await makeTicket(a, { status: "open", queueId: q2, userId: a.admin.id, tags: ["vip", "urgente"], createdAt: "2025-03-10T04:00:00Z" });
  ids.noQueuePending = await makeTicket(a, { status: "pending", queueId: null, userId: null, tags: ["urgente"], unread: 1 });
  ids.q2Pending = await makeTicket(a, { status: "pending", queueId: q2, userId: null, updatedAt: "2025-03-20T12:00:00Z", unread: 3 });
  ids.q2Closed = await makeTicket(a, { status: "closed", queueId: q2, userId: a.agent.id, updatedAt: "2025-03-21T02:30:00Z" });
  ids.q1Closed = await makeTicket(a, { status: "closed", queueId: q1, userId: a.admin.id, tags: ["vip"] });
  ids.foreign = await makeTicket(b, { status: "open", queueId: b.queueIds[0], userId: b.admin.id, createdAt: "2025-03-10T04:00:00Z" });
});

const list = (token: string, query: string) => call(listTicketsRoute, { url: `/api/tickets?${query}`, token });
const idsOf = (body: { tickets: { id: number }[] }) => body.tickets.map((t) => t.id).sort((x, y) => x - y);
const pick = (...keys: string[]) => keys.map((k) => ids[k]).sort((x, y) => x - y);
const q = (v: unknown) => encodeURIComponent(typeof v === "string" ? v : JSON.stringify(v));
const listed = async (token: string, query: string) => {
  const res = await list(token, query);
  expect(res.status).toBe(200);
  expect(res.body.count).toBe(res.body.tickets.length);
  return idsOf(res.body);
};

describe("queueIds", () => {
  it("keeps the picked queues' tickets and those without a queue, as a JSON array or a comma list", async () => {
    const [q1, q2] = a.queueIds;
    expect(await listed(adminA, `status=&queueIds=${q([q1])}`)).toEqual(pick("q1Open", "noQueuePending", "q1Closed"));
    expect(await listed(adminA, `status=&queueIds=${q(`${q1},${q2}`)}`)).toEqual(pick(...Object.keys(ids).filter((k) => k !== "foreign")));
    expect(await listed(adminA, `status=&queueIds=${q([String(q2)])}`)).toEqual(pick("q2Open", "noQueuePending", "q2Pending", "q2Closed"));
    expect(await listed(adminA, `status=open&showAll=true&queueIds=${q([q2])}`)).toEqual(pick("q2Open"));
    // empty: no filter
    expect(await listed(adminA, "status=closed&queueIds=%5B%5D")).toEqual(pick("q2Closed", "q1Closed"));
  });

  it("never widens what an agent sees", async () => {
    const [, q2] = a.queueIds;
    // the agent may open q2 tickets only when they are theirs
    expect(await listed(agentA, `status=&queueIds=${q([q2])}`)).toEqual(pick("noQueuePending", "q2Closed"));
    expect(await listed(agentA, `status=pending&queueIds=${q([q2])}`)).toEqual(pick("noQueuePending"));
    // another company's queue shows nothing of that company
    expect(await listed(adminA, `status=open&showAll=true&queueIds=${q([b.queueIds[0]])}`)).toEqual([]);
  });
});

describe("tags", () => {
  it("keeps the tickets carrying every picked tag, and fills each item's tags", async () => {
    expect(await listed(adminA, `status=&tags=${q([tagIds.vip])}`)).toEqual(pick("q1Open", "q2Open", "q1Closed"));
    expect(await listed(adminA, `status=&tags=${q(`${tagIds.vip},${tagIds.urgente}`)}`)).toEqual(pick("q2Open"));
    expect(await listed(adminA, `status=&tags=${q([tagIds.foreignVip])}`)).toEqual([]);
    const res = await list(adminA, `status=&tags=${q([tagIds.urgente])}`);
    const item = res.body.tickets.find((t: { id: number }) => t.id === ids.q2Open);
    expect(item.tags).toEqual([
      { id: tagIds.urgente, name: "urgente", color: "#222222" },
      { id: tagIds.vip, name: "vip", color: "#111111" },
    ]);
    const untagged = (await list(adminA, "status=pending")).body.tickets.find((t: { id: number }) => t.id === ids.q2Pending);
    expect(untagged.tags).toEqual([]);
  });
});

describe("users", () => {
  it("keeps an admin's picked users' tickets and is ignored for agents", async () => {
    expect(await listed(adminA, `status=&users=${q([a.agent.id])}`)).toEqual(pick("q1Open", "q2Closed"));
    expect(await listed(adminA, `status=&users=${q([a.agent.id, a.admin.id])}`)).toEqual(pick("q1Open", "q2Open", "q2Closed", "q1Closed"));
    const agentAll = await listed(agentA, "status=");
    expect(await listed(agentA, `status=&users=${q([a.admin.id])}`)).toEqual(agentAll);
  });
});

describe("dates", () => {
  it("date keeps the tickets created that day in the company's timezone", async () => {
    expect(await listed(adminA, "status=&date=2025-03-09")).toEqual(pick("q1Open"));
    expect(await listed(adminA, "status=&date=2025-03-10")).toEqual(pick("q2Open"));
    expect(await listed(adminA, "status=&date=2024-01-01")).toEqual([]);
  });

  it("updatedAt keeps the tickets last active that day", async () => {
    expect(await listed(adminA, "status=&updatedAt=2025-03-20")).toEqual(pick("q2Pending", "q2Closed"));
    expect(await listed(adminA, "status=closed&updatedAt=2025-03-20")).toEqual(pick("q2Closed"));
    expect(await listed(adminA, "status=&updatedAt=2025-03-21")).toEqual([]);
  });
});

describe("withUnreadMessages", () => {
  it("keeps the tickets with unread messages, within what the caller sees", async () => {
    expect(await listed(adminA, "status=&withUnreadMessages=true")).toEqual(pick("q1Open", "noQueuePending", "q2Pending"));
    expect(await listed(agentA, "status=pending&withUnreadMessages=true")).toEqual(pick("noQueuePending"));
    expect(await listed(agentA, "status=open&withUnreadMessages=true")).toEqual(pick("q1Open"));
    expect(await listed(adminA, "status=&withUnreadMessages=false")).toHaveLength(6);
  });
});

describe("filters combined and refused", () => {
  it("applies every filter at once", async () => {
    const [q1] = a.queueIds;
    expect(await listed(adminA, `status=open&showAll=true&queueIds=${q([q1])}&tags=${q([tagIds.vip])}&users=${q([a.agent.id])}&date=2025-03-09&withUnreadMessages=true`)).toEqual(pick("q1Open"));
  });

  it("answers 400 ERR_VALIDATION for garbage", async () => {
    for (const bad of ["queueIds=abc", `tags=${q('[1,"x"]')}`, `users=${q("[-1]")}`, `queueIds=${q("{}")}`, `tags=${q("[1.5]")}`, "date=2025-13-45", "updatedAt=yesterday", "withUnreadMessages=yes", "showAll=1", "pageNumber=0"]) {
      const res = await list(adminA, `status=&${bad}`);
      expect(res.status, bad).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });
});

describe("counts", () => {
  it("are exact for the open and pending tabs; elsewhere they count through the page, with hasMore exact", async () => {
    const t = await createTenant();
    const n = 1055; // 50 pending, the rest closed
    const cs = await getDb()
      .insert(contacts)
      .values(Array.from({ length: n }, (_, i) => ({ companyId: t.companyId, name: `Muitos ${i}`, number: `55418${String(i).padStart(8, "0")}` })))
      .returning({ id: contacts.id });
    await getDb()
      .insert(tickets)
      .values(cs.map((c, i) => ({ companyId: t.companyId, contactId: c.id, whatsappId: i % 2 ? t.whatsappId : null, status: i < 50 ? "pending" : "closed", queueId: null })));
    const { token } = await loginAs(t.admin);
    expect((await list(token, "status=pending")).body).toMatchObject({ count: 50, hasMore: true });
    expect((await list(token, "status=closed")).body).toMatchObject({ count: 40, hasMore: true });
    expect((await list(token, "status=&pageNumber=3")).body).toMatchObject({ count: 120, hasMore: true });
    // the last page: counted to its end, exactly
    const last = await list(token, `status=&pageNumber=${Math.ceil(n / 40)}`);
    expect(last.body).toMatchObject({ count: n, hasMore: false });
    expect(last.body.tickets).toHaveLength(n % 40 || 40);
  });
});
