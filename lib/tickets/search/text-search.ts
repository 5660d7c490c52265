import { and, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { runPrepared } from "@/db/prepared-query";
import { contacts, messages, tickets } from "@/db/schema";
import { escapeLike, idArray } from "./sql-values";

// The text search of GET /api/tickets: the contact's name or number, or the text of ANY message of
// the ticket. Two ways to find the page, picked by how common the term turns out to be:
// - a walk: the newest tickets that pass the filters, in order, batch by batch, keeping those whose
//   contact or messages match. Cheap when the term is common (a handful of batches fill the page),
//   whereas the trigram index would have to gather every one of its many matches first;
// - the trigram indexes (messages_body_trgm_idx, contacts_name_number_trgm_idx) give every matching
//   ticket id at once; cheap when the term is rare, where the walk would read the whole company.
// The first walk batch tells which case this is. Both give exact pages (counts: see listTickets).

/** Tickets read by the first walk batch. */
const FIRST_BATCH = 100;
/** A walk expected to read more tickets than this switches to the indexes. */
const WALK_LIMIT = 1000;

export type SearchOutcome =
  /** the walk found the page: ids in list order; count is exact only without hasMore (then a lower bound) */
  | { kind: "page"; ids: number[]; count: number; hasMore: boolean }
  /** the matching tickets as a condition, for the ordinary page and count queries */
  | { kind: "where"; where: SQL };

type Cursor = { at: string; id: number };

/** One walk batch: the next `n` tickets passing `where`, newest first, with whether the contact matches. */
function nextTickets(db: DbOrTx, where: SQL, like: string, n: number, after: Cursor | null) {
  return db
    .select({
      id: tickets.id,
      // the exact timestamp (microseconds) for the keyset; a JS Date would round it to milliseconds
      at: sql<string>`${tickets.updatedAt}::text`,
      contactHit: sql<boolean>`(${contacts.name} ilike ${like} or ${contacts.number} ilike ${like})`,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .where(and(where, after ? sql`(${tickets.updatedAt}, ${tickets.id}) < (${after.at}::timestamptz, ${after.id})` : undefined))
    .orderBy(desc(tickets.updatedAt), desc(tickets.id))
    .limit(n);
}

/** Which of these tickets have a (not deleted) message containing the term (`lowerLike`: lowercased). */
async function withMatchingMessage(db: DbOrTx, ids: number[], lowerLike: string): Promise<Set<number>> {
  if (!ids.length) return new Set();
  // lower() LIKE rather than ILIKE on purpose: no index serves it, so the planner reads these
  // tickets' messages through messages_ticket_created_idx instead of the trigram index, whose
  // scan of a common term is what the walk is there to avoid
  const rows = await runPrepared(
    db
      .selectDistinct({ id: messages.ticketId })
      .from(messages)
      .where(and(sql`${messages.ticketId} = any(${idArray(ids)})`, eq(messages.isDeleted, false), sql`lower(${messages.body}) like ${lowerLike}`)),
  );
  return new Set(rows.map((r) => r.id));
}

/**
 * The tickets of the company whose contact or some message matches, as a condition (through the
 * trigram indexes; the ids are few, or the walk would have found the page). Not prepared: a generic
 * plan cannot see the pattern, and the trigram index is the right plan only for a rare one.
 */
async function matchingTickets(db: DbOrTx, companyId: number, like: string): Promise<SQL> {
  const [byMessage, byContact] = await Promise.all([
    db
      .selectDistinct({ id: messages.ticketId })
      .from(messages)
      .where(and(eq(messages.companyId, companyId), ilike(messages.body, like), eq(messages.isDeleted, false))),
    db
      .select({ id: contacts.id })
      .from(contacts)
      .where(and(eq(contacts.companyId, companyId), or(ilike(contacts.name, like), ilike(contacts.number, like)))),
  ]);
  const ticketIds = byMessage.map((r) => r.id);
  const contactIds = byContact.map((r) => r.id);
  // as arrays, so the planner reads them through tickets_pkey and tickets_contact_idx
  return or(
    ticketIds.length ? sql`${tickets.id} = any(${idArray(ticketIds)})` : undefined,
    contactIds.length ? sql`${tickets.contactId} = any(${idArray(contactIds)})` : undefined,
  ) ?? sql`false`;
}

/**
 * The tickets passing `where` (visibility and filters) that match `term` (already lowercased and
 * trimmed), for the page at `offset`.
 */
export async function searchTickets(
  db: DbOrTx,
  companyId: number,
  where: SQL,
  term: string,
  page: { offset: number; size: number },
): Promise<SearchOutcome> {
  const like = `%${escapeLike(term)}%`;
  const need = page.offset + page.size + 1; // one more tells whether another page follows
  const found: number[] = [];
  let scanned = 0;
  let after: Cursor | null = null;
  let batch = Math.max(FIRST_BATCH, need * 2);
  // deep pages of a search go straight to the indexes
  while (batch <= WALK_LIMIT) {
    // prepared, like the two below: the walk's statements keep their shape whatever the term
    const rows: { id: number; at: string; contactHit: boolean }[] = await runPrepared(nextTickets(db, where, like, batch, after));
    const hits = await withMatchingMessage(db, rows.filter((r) => !r.contactHit).map((r) => r.id), like);
    for (const r of rows) if (r.contactHit || hits.has(r.id)) found.push(r.id);
    scanned += rows.length;
    const exhausted = rows.length < batch;
    if (found.length >= need || exhausted) {
      const hasMore = found.length > page.offset + page.size;
      return { kind: "page", ids: found.slice(page.offset, page.offset + page.size), count: found.length, hasMore };
    }
    // tickets the walk is still expected to read, at the share of matches seen so far
    const expected = found.length ? ((need - found.length) * scanned) / found.length : Infinity;
    if (scanned + expected > WALK_LIMIT) break;
    after = { at: rows[rows.length - 1].at, id: rows[rows.length - 1].id };
    batch = Math.min(WALK_LIMIT, Math.max(FIRST_BATCH, Math.ceil(expected * 1.5)));
  }
  return { kind: "where", where: await matchingTickets(db, companyId, like) };
}
