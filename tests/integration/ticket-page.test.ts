import { and, count, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { contacts, tags, tickets, ticketTags } from "@/db/schema";
import { ticketCount, ticketPage, ticketsWhere } from "@/lib/tickets/ticket-page";
import { newestFirst, selectTicketsWithTags, toTicketListItem, type TicketListItem } from "@/lib/tickets/ticket-view";
import { createTenant, type Tenant } from "../helpers/factories";

// lib/tickets/ticket-page.ts runs the lists' statements from text made once, with the request's
// filter in a hole, and maps rows by position: the very items drizzle's own select gives, field for
// field, on the first page, deeper pages (prepared and not), counts and a few tickets by id.
let a: Tenant;
let b: Tenant;
const N = 460;

/** drizzle's own build of the same page: the reference. */
async function reference(where: SQL, limit: number, offset: number): Promise<TicketListItem[]> {
  const rows = await selectTicketsWithTags(getDb()).where(where).orderBy(...newestFirst).limit(limit).offset(offset);
  return rows.map(toTicketListItem);
}

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  const db = getDb();
  const people = await db
    .insert(contacts)
    .values(Array.from({ length: N }, (_, i) => ({ companyId: a.companyId, name: `Página ${i}`, number: `55318${String(i).padStart(8, "0")}`, profilePicUrl: i % 2 ? `https://x/${i}.jpg` : "" })))
    .returning({ id: contacts.id });
  const base = Date.UTC(2025, 3, 1);
  const rows = await db
    .insert(tickets)
    .values(
      people.map((c, i) => ({
        companyId: a.companyId,
        contactId: c.id,
        whatsappId: i % 5 === 0 ? null : a.whatsappId,
        status: (["open", "pending", "closed"] as const)[i % 3],
        queueId: i % 4 === 0 ? null : a.queueIds[i % 2],
        userId: i % 3 === 0 ? null : a.agent.id,
        unreadMessages: i % 7,
        lastMessage: `última ${i}`,
        chatbot: i % 2 === 0,
        // ties on updated_at every third ticket: the id breaks them
        updatedAt: new Date(base + Math.floor(i / 3) * 60_000 + 123),
      })),
    )
    .returning({ id: tickets.id });
  const [vip, late] = await db
    .insert(tags)
    .values([
      { companyId: a.companyId, name: "vip", color: "#111111" },
      { companyId: a.companyId, name: "atrasado", color: "#222222" },
    ])
    .returning({ id: tags.id });
  await db.insert(ticketTags).values(rows.filter((_, i) => i % 2 === 0).map((t) => ({ ticketId: t.id, tagId: vip.id, companyId: a.companyId })));
  await db.insert(ticketTags).values(rows.filter((_, i) => i % 3 === 0).map((t) => ({ ticketId: t.id, tagId: late.id, companyId: a.companyId })));
  // another company's tickets never show
  const [other] = await db.insert(contacts).values({ companyId: b.companyId, name: "Outra", number: "5531999990000" }).returning({ id: contacts.id });
  await db.insert(tickets).values({ companyId: b.companyId, contactId: other.id, whatsappId: b.whatsappId, status: "open", updatedAt: new Date(base) });
});

describe("ticket lists from statements made once", () => {
  const filters = (): [string, SQL][] => [
    ["company", eq(tickets.companyId, a.companyId)],
    ["status", and(eq(tickets.companyId, a.companyId), eq(tickets.status, "open"))!],
    ["queues or none", and(eq(tickets.companyId, a.companyId), or(inArray(tickets.queueId, [a.queueIds[0]]), isNull(tickets.queueId)))!],
    // a condition with a bare OR at its top: the planned page's read by ids must keep it whole
    [
      "bare or",
      sql`${tickets.companyId} = ${a.companyId} and ${tickets.status} = 'open' or ${tickets.companyId} = ${a.companyId} and ${tickets.chatbot}`,
    ],
    [
      "tag",
      and(eq(tickets.companyId, a.companyId), sql`exists (select 1 from ${ticketTags} where ${ticketTags.ticketId} = ${tickets.id} and ${ticketTags.companyId} = ${a.companyId})`)!,
    ],
  ];

  it("gives drizzle's items field for field on the first page, deeper pages and past the prepared depth", async () => {
    for (const [label, where] of filters()) {
      for (const offset of [0, 40, 120, 400, 440]) {
        const theirs = await reference(where, 41, offset);
        expect(await ticketPage(getDb(), where, { limit: 41, offset }), `${label} at ${offset}`).toEqual(theirs);
        expect(await ticketPage(getDb(), where, { limit: 41, offset, planEachTime: true }), `${label} at ${offset}, planned`).toEqual(theirs);
      }
    }
    const first = await ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: 40, offset: 0 });
    expect(first).toHaveLength(40);
    expect(first[0].updatedAt).toBeInstanceOf(Date);
    expect(first.some((t) => t.tags.length === 2 && t.queue !== null && t.whatsapp !== null)).toBe(true);
    expect(first.some((t) => t.user?.id === a.agent.id && t.tags.length === 1)).toBe(true);
    expect(first.some((t) => t.queue === null && t.whatsapp === null)).toBe(true);
  });

  it("counts as drizzle counts, and never another company's", async () => {
    for (const [label, where] of filters()) {
      const [{ n }] = await getDb().select({ n: count() }).from(tickets).where(where);
      expect(await ticketCount(getDb(), where), label).toBe(n);
      expect(await ticketCount(getDb(), where, { planEachTime: true }), label).toBe(n);
    }
    expect(await ticketCount(getDb(), eq(tickets.companyId, a.companyId))).toBe(N);
  });

  it("reads named tickets, and a page past the end is empty", async () => {
    const page = await reference(eq(tickets.companyId, a.companyId), 5, 0);
    const ids = page.map((t) => t.id);
    const found = await ticketsWhere(getDb(), and(eq(tickets.companyId, a.companyId), inArray(tickets.id, ids))!);
    expect(found.sort((x, y) => x.id - y.id)).toEqual([...page].sort((x, y) => x.id - y.id));
    expect(await ticketsWhere(getDb(), and(eq(tickets.companyId, b.companyId), inArray(tickets.id, ids))!)).toEqual([]);
    expect(await ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: 40, offset: N })).toEqual([]);
  });

  it("refuses an offset or a limit that is not a whole number (both go into the statement's text)", async () => {
    await expect(ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: 0, offset: 0 })).rejects.toThrow(RangeError);
    await expect(ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: Number.NaN, offset: 0 })).rejects.toThrow(RangeError);
    await expect(ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: 40, offset: 1.5 })).rejects.toThrow(RangeError);
    await expect(ticketPage(getDb(), eq(tickets.companyId, a.companyId), { limit: 40, offset: -40 })).rejects.toThrow(RangeError);
  });
});
