import { beforeAll, describe, expect, it } from "vitest";
import { GET as getMessages } from "@/app/api/messages/[id]/route";
import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// GET /api/messages/{ticketId} goes back into the contact's earlier tickets (never its newer ones):
// 20 a page, page 1 the newest, each page oldest first, each message with its ticketId.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
const T: Record<string, number> = {};
let clock = Date.UTC(2025, 4, 1);

async function ticketWith(t: Tenant, contactId: number, status: "open" | "closed", n: number, queueId: number | null = null) {
  const db = getDb();
  const [ticket] = await db.insert(tickets).values({ companyId: t.companyId, contactId, whatsappId: t.whatsappId, status, queueId }).returning();
  const rows = Array.from({ length: n }, (_, i) => {
    const at = new Date((clock += 60_000));
    return { companyId: t.companyId, ticketId: ticket.id, contactId, whatsappId: t.whatsappId, wid: `H${ticket.id}.${i}`, body: `t${ticket.id}-m${i}`, createdAt: at, updatedAt: at };
  });
  if (rows.length) await db.insert(messages).values(rows);
  return ticket.id;
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  const [contact, other] = await getDb()
    .insert(contacts)
    .values([
      { companyId: a.companyId, name: "Histórico", number: "5531900001111" },
      { companyId: a.companyId, name: "Outra", number: "5531900002222" },
    ])
    .returning();
  // the earliest ticket sits in a queue the agent is not in: the history still shows it
  T.first = await ticketWith(a, contact.id, "closed", 25, a.queueIds[1]);
  T.other = await ticketWith(a, other.id, "closed", 4);
  T.second = await ticketWith(a, contact.id, "closed", 3);
  T.empty = await ticketWith(a, contact.id, "closed", 0);
  T.current = await ticketWith(a, contact.id, "open", 30, a.agentQueueId);
  T.newer = await ticketWith(a, contact.id, "closed", 2);
});

const page = (token: string, ticketId: number, pageNumber = 1) =>
  call(getMessages, { url: `/api/messages/${ticketId}?pageNumber=${pageNumber}`, token, params: { id: ticketId } });
const bodies = (res: { body: { messages: { body: string }[] } }) => res.body.messages.map((m) => m.body);
const range = (ticketId: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => `t${ticketId}-m${from + i}`);

describe("conversation history", () => {
  it("pages back through this ticket, then the contact's earlier tickets, leaving out its newer ones", async () => {
    const p1 = await page(agentA, T.current);
    expect(p1.status).toBe(200);
    expect(bodies(p1)).toEqual(range(T.current, 10, 29));
    expect(p1.body).toMatchObject({ count: 58, hasMore: true, ticket: { id: T.current } });
    const p2 = await page(agentA, T.current, 2);
    expect(bodies(p2)).toEqual([...range(T.first, 18, 24), ...range(T.second, 0, 2), ...range(T.current, 0, 9)]);
    expect(p2.body.messages.map((m: { ticketId: number }) => m.ticketId)).toEqual([...Array(7).fill(T.first), ...Array(3).fill(T.second), ...Array(10).fill(T.current)]);
    const p3 = await page(agentA, T.current, 3);
    expect(bodies(p3)).toEqual(range(T.first, 0, 17));
    expect(p3.body).toMatchObject({ count: 58, hasMore: false });
    expect(bodies(await page(agentA, T.current, 4))).toEqual([]);
  });

  it("an earlier ticket shows only its own past", async () => {
    const res = await page(adminA, T.second);
    expect(bodies(res)).toEqual([...range(T.first, 8, 24), ...range(T.second, 0, 2)]);
    expect(res.body).toMatchObject({ count: 28, hasMore: true, ticket: { id: T.second } });
    expect(bodies(await page(adminA, T.first, 2))).toEqual(range(T.first, 0, 4));
    expect(bodies(await page(adminA, T.other))).toEqual(range(T.other, 0, 3));
  });

  it("answers an empty first page for a new contact's empty ticket", async () => {
    const [c] = await getDb().insert(contacts).values({ companyId: a.companyId, name: "Nova", number: "5531900003333" }).returning();
    const id = await ticketWith(a, c.id, "open", 0);
    expect((await page(adminA, id)).body).toMatchObject({ messages: [], count: 0, hasMore: false, ticket: { id } });
  });

  it("keeps the ticket's own rules: another queue's ticket is refused, another company's is missing", async () => {
    expect((await page(agentA, T.first)).status).toBe(403);
    expect(await page(adminB, T.current)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
  });
});
