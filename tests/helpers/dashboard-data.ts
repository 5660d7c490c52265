import { getDb } from "@/db";
import { contacts, tickets, ticketTracking, userRatings } from "@/db/schema";
import { suffix, type Tenant } from "./factories";

// Rows the dashboard reads, written directly with known times (what the ticket transitions write:
// see the ticket tracking contract). Contacts made for tickets are dated 2020 so they never count
// as new contacts of the ranges the tests ask for.
const OLD = new Date("2020-01-01T00:00:00Z");
const at = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

export type CycleSpec = {
  userId?: number | null;
  /** the row's creation (= queuedAt unless `queued` says otherwise) */
  created: string;
  /** queuedAt; default `created`; null: never waited */
  queued?: string | null;
  started?: string | null;
  finished?: string | null;
};

/** One attendance cycle on a ticket of its own (with its own contact). */
export async function makeCycle(t: Tenant, c: CycleSpec) {
  const db = getDb();
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Cliente ${suffix()}`, number: `55${Date.now()}${Math.floor(Math.random() * 1e6)}`, createdAt: OLD })
    .returning({ id: contacts.id });
  const status = c.finished ? "closed" : c.started ? "open" : "pending";
  const [ticket] = await db
    .insert(tickets)
    .values({ companyId: t.companyId, contactId: contact.id, userId: c.userId ?? null, status })
    .returning({ id: tickets.id });
  const [row] = await db
    .insert(ticketTracking)
    .values({
      companyId: t.companyId,
      ticketId: ticket.id,
      userId: c.userId ?? null,
      queuedAt: c.queued === undefined ? at(c.created) : at(c.queued),
      startedAt: at(c.started),
      finishedAt: at(c.finished),
      createdAt: at(c.created)!,
    })
    .returning({ id: ticketTracking.id });
  return { ticketId: ticket.id, trackingId: row.id };
}

export async function makeRating(t: Tenant, userId: number, rate: number, createdAt: string) {
  // a ticket closed long ago, so the rating adds no cycle to the ranges asked for
  const { ticketId } = await makeCycle(t, { created: "2020-01-01T00:00:00Z", finished: "2020-01-01T00:10:00Z" });
  await getDb().insert(userRatings).values({ companyId: t.companyId, ticketId, userId, rate, createdAt: new Date(createdAt) });
}

export async function makeContact(t: Tenant, createdAt: string, isGroup = false) {
  await getDb()
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Novo ${suffix()}`, number: `55${Date.now()}${Math.floor(Math.random() * 1e6)}`, isGroup, createdAt: new Date(createdAt) });
}
