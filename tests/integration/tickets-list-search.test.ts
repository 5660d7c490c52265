import { and, eq, inArray } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listTicketsRoute } from "@/app/api/tickets/route";
import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { listTicketsQuery } from "@/lib/tickets/schemas";
import { ticketFiltersWhere } from "@/lib/tickets/search/list-where";
import { searchTickets } from "@/lib/tickets/search/text-search";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// The text search of GET /api/tickets: contact name, number and ANY message of the ticket, lowercased,
// literal (LIKE metacharacters), within what the caller sees; exact whichever way the page is found
// (the walk over the newest tickets for common terms, the trigram indexes for rare ones).
const N = 150;
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let order: number[] = []; // tickets of a, newest activity first
const bodies = new Map<number, string[]>();

/** Ticket i of `t` (i = 0 the oldest) with these message bodies; the last one is its lastMessage. */
async function makeTickets(t: Tenant, texts: (i: number) => string[], queueOf: (i: number) => number | null, prefix: string) {
  const db = getDb();
  const cs = await db
    .insert(contacts)
    .values(Array.from({ length: N }, (_, i) => ({ companyId: t.companyId, name: `${prefix} Pessoa ${i}`, number: `5548${prefix === "A" ? 1 : 2}${String(i).padStart(7, "0")}` })))
    .returning({ id: contacts.id });
  const ts = await db
    .insert(tickets)
    .values(cs.map((c, i) => ({ companyId: t.companyId, contactId: c.id, whatsappId: t.whatsappId, status: "closed", queueId: queueOf(i), updatedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000), lastMessage: texts(i).at(-1) ?? "" })))
    .returning({ id: tickets.id });
  const rows = ts.flatMap((tk, i) => texts(i).map((body, j) => ({ companyId: t.companyId, ticketId: tk.id, whatsappId: t.whatsappId, wid: `${prefix}${i}.${j}`, body })));
  await db.insert(messages).values(rows);
  return ts.map((tk) => tk.id);
}

// ticket i: every one says "pedido"; "boleto" on every 15th; "xilogravura" deep in two recent and three old ones
function textsOf(i: number): string[] {
  const out = [`Olá, sobre o pedido ${i}`];
  if (i % 15 === 0) out.push("a segunda via do Boleto");
  if ([3, 10, 20, 140, 145].includes(i)) out.push("uma XILOGRAVURA antiga");
  if (i === 7) out.push("desconto de 100% garantido");
  if (i === 8) out.push("arquivo nota_fiscal.pdf");
  if (i === 9) out.push("pasta C:\\docs");
  out.push(`obrigado ${i}`);
  return out;
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA] = (await Promise.all([loginAs(a.admin), loginAs(a.agent)])).map((s) => s.token);
  const [q1, q2] = a.queueIds;
  // the agent is in q1: tickets 0..29 are in q2 (not theirs), the rest in q1
  const ids = await makeTickets(a, textsOf, (i) => (i < 30 ? q2 : q1), "A");
  ids.forEach((id, i) => bodies.set(id, textsOf(i)));
  order = [...ids].reverse();
  await makeTickets(b, textsOf, () => b.queueIds[0], "B");
});

const list = (token: string, query: string) => call(listTicketsRoute, { url: `/api/tickets?${query}`, token });
const matching = (pred: (texts: string[]) => boolean, among = order) => among.filter((id) => pred(bodies.get(id)!));
const has = (word: string) => (texts: string[]) => texts.some((t) => t.toLowerCase().includes(word));

/** Every page of a search, in order, checking the page sizes and the final count. */
async function allPages(token: string, query: string) {
  const seen: number[] = [];
  for (let page = 1; ; page++) {
    const res = await list(token, `${query}&pageNumber=${page}`);
    expect(res.status).toBe(200);
    expect(res.body.tickets.length).toBeLessThanOrEqual(40);
    seen.push(...res.body.tickets.map((t: { id: number }) => t.id));
    if (!res.body.hasMore) {
      expect(res.body.count).toBe(seen.length);
      return seen;
    }
    expect(res.body.count).toBeGreaterThan(page * 40);
  }
}

describe("text search", () => {
  it("finds a common word in any message, newest first, over exact pages", async () => {
    expect(await allPages(adminA, "status=&searchParam=PEDIDO")).toEqual(order);
    expect(await allPages(adminA, "status=&searchParam=boleto")).toEqual(matching(has("boleto")));
  });

  it("finds a rare word in an old message of old tickets, not only the last message", async () => {
    const expected = matching(has("xilogravura"));
    expect(expected).toHaveLength(5);
    expect(await allPages(adminA, "status=&searchParam=Xilogravura")).toEqual(expected);
  });

  it("takes the walk for common terms and the indexes for rare ones, with the same answers", async () => {
    const ctx: TenantContext = { companyId: a.companyId, userId: a.admin.id, profile: "admin", queueIds: a.queueIds, super: false, sessionId: "s" };
    const where = await ticketFiltersWhere(getDb(), ctx, listTicketsQuery.parse({ status: "" }));
    const page = { offset: 0, size: 40 };
    expect((await searchTickets(getDb(), a.companyId, where, "pedido", page)).kind).toBe("page");
    expect((await searchTickets(getDb(), a.companyId, where, "xilogravura", page)).kind).toBe("where");
    // deep pages go to the indexes too
    const deep = await searchTickets(getDb(), a.companyId, where, "pedido", { offset: 800, size: 40 });
    expect(deep.kind).toBe("where");
    expect(await allPages(adminA, "status=&searchParam=obrigado")).toEqual(order);
  });

  it("finds the contact's name and a fragment of the number", async () => {
    const res = await list(adminA, "status=&searchParam=a%20pessoa%2012");
    expect(res.body.tickets.map((t: { contact: { name: string } }) => t.contact.name).sort()).toEqual(["A Pessoa 12", "A Pessoa 120", "A Pessoa 121", "A Pessoa 122", "A Pessoa 123", "A Pessoa 124", "A Pessoa 125", "A Pessoa 126", "A Pessoa 127", "A Pessoa 128", "A Pessoa 129"]);
    const number = await list(adminA, "status=&searchParam=54810000077");
    expect(number.body.tickets.map((t: { contact: { number: string } }) => t.contact.number)).toEqual(["554810000077"]);
  });

  it("reads %, _ and \\ literally", async () => {
    expect((await list(adminA, "status=&searchParam=100%25")).body.tickets.map((t: { id: number }) => t.id)).toEqual(matching(has("100%")));
    expect((await list(adminA, "status=&searchParam=nota_fiscal")).body.tickets.map((t: { id: number }) => t.id)).toEqual(matching(has("nota_fiscal")));
    expect((await list(adminA, "status=&searchParam=a_s")).body.count).toBe(0);
    expect((await list(adminA, `status=&searchParam=${encodeURIComponent("c:\\docs")}`)).body.tickets.map((t: { id: number }) => t.id)).toEqual(matching(has("c:\\docs")));
    expect((await list(adminA, "status=&searchParam=%25%25%25")).body.count).toBe(0);
  });

  it("ignores deleted messages", async () => {
    const [target] = matching(has("boleto"));
    await getDb().update(messages).set({ isDeleted: true }).where(and(eq(messages.ticketId, target), inArray(messages.body, ["a segunda via do Boleto"])));
    try {
      expect(await allPages(adminA, "status=&searchParam=boleto")).toEqual(matching(has("boleto")).filter((id) => id !== target));
    } finally {
      await getDb().update(messages).set({ isDeleted: false }).where(eq(messages.ticketId, target));
    }
  });

  it("keeps to what an agent may open, and to the caller's company", async () => {
    const agentSees = order.slice(0, N - 30); // q1 tickets (the newest 120)
    expect(await allPages(agentA, "status=&searchParam=pedido")).toEqual(agentSees);
    expect(await allPages(agentA, "status=&searchParam=xilogravura")).toEqual(matching(has("xilogravura"), agentSees));
    expect((await list(agentA, "status=&searchParam=a%20pessoa%202")).body.tickets.map((t: { contact: { name: string } }) => t.contact.name)).not.toContain("A Pessoa 2");
    const names = (await list(adminA, "status=&searchParam=pessoa%201")).body.tickets.map((t: { contact: { name: string } }) => t.contact.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => n.startsWith("A "))).toBe(true);
  });

  it("combines with the status and filters", async () => {
    expect((await list(adminA, "status=open&showAll=true&searchParam=pedido")).body).toMatchObject({ tickets: [], count: 0, hasMore: false });
    const [, q2] = a.queueIds;
    const inQ2 = order.slice(N - 30);
    expect(await allPages(adminA, `status=closed&queueIds=${encodeURIComponent(`[${q2}]`)}&searchParam=boleto`)).toEqual(matching(has("boleto"), inQ2));
  });
});
