import { desc, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import { contacts, messages, tickets } from "@/db/schema";
import { dialect, fill, HOLE, runText, textOf } from "../statement-text";
import { escapeLike, idArray, intArrayText } from "./sql-values";

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

// The search's statements, their text made once (../statement-text.ts: drizzle built them on every
// request, a third of what the search's handler added over its SQL). The walk's parameters come
// after its filter's, so it has markers, numbered per request: LIKE, the pattern; AT and ID, the
// keyset. The others take no filter: their parameters are $1 and $2.
const LIKE = "/*like*/";
const AT = "/*at*/";
const ID = "/*id*/";
const raw = sql.raw;
type Templates = { walk: string; walkAfter: string; messageHits: string; byMessage: string; byContact: string };
let templates: Templates | undefined;

const templatesOf = (db: Db): Templates => (templates ??= buildTemplates(db));

function buildTemplates(db: Db): Templates {
  const walk = (after: boolean) =>
    textOf(
      db
        .select({
          id: tickets.id,
          // the exact timestamp (microseconds) for the keyset; a JS Date would round it to milliseconds
          at: sql`${tickets.updatedAt}::text`,
          contactHit: sql`(${contacts.name} ilike ${raw(LIKE)} or ${contacts.number} ilike ${raw(LIKE)})`,
        })
        .from(tickets)
        .innerJoin(contacts, eq(contacts.id, tickets.contactId))
        .where(after ? sql`(${raw(HOLE)}) and (${tickets.updatedAt}, ${tickets.id}) < (${raw(AT)}::timestamptz, ${raw(ID)})` : raw(HOLE))
        .orderBy(desc(tickets.updatedAt), desc(tickets.id)),
    );
  return {
    walk: walk(false),
    walkAfter: walk(true),
    // lower() LIKE rather than ILIKE on purpose: no index serves it, so the planner reads these
    // tickets' messages through messages_ticket_created_idx instead of the trigram index, whose
    // scan of a common term is what the walk is there to avoid
    messageHits: textOf(
      db
        .selectDistinct({ id: messages.ticketId })
        .from(messages)
        .where(sql`${messages.ticketId} = any($1::int[]) and ${messages.isDeleted} = false and lower(${messages.body}) like $2`),
    ),
    byMessage: textOf(
      db
        .selectDistinct({ id: messages.ticketId })
        .from(messages)
        .where(sql`${messages.companyId} = $1 and ${messages.body} ilike $2 and ${messages.isDeleted} = false`),
    ),
    byContact: textOf(
      db
        .select({ id: contacts.id })
        .from(contacts)
        .where(sql`${contacts.companyId} = $1 and (${contacts.name} ilike $2 or ${contacts.number} ilike $2)`),
    ),
  };
}

/** The markers of a template numbered as parameters after the filter's `count`. */
function numbered(template: string, count: number, markers: string[]): string {
  return markers.reduce((text, marker, i) => text.replaceAll(marker, `$${count + i + 1}`), template);
}

/** One walk batch: the next `n` tickets passing `where`, newest first, with whether the contact matches. */
async function nextTickets(db: Db, where: SQL, like: string, n: number, after: Cursor | null) {
  const t = templatesOf(db);
  const w = dialect.sqlToQuery(where);
  const markers = after ? [LIKE, AT, ID] : [LIKE];
  const text = `${numbered(fill(after ? t.walkAfter : t.walk, w.sql), w.params.length, markers)} limit $${w.params.length + markers.length + 1}`;
  const params = [...w.params, like, ...(after ? [after.at, after.id] : []), n];
  const rows = await runText(db, text, params, PREPARE);
  return rows.map(([id, at, contactHit]) => ({ id: id as number, at: at as string, contactHit: contactHit as boolean }));
}

/** Which of these tickets have a (not deleted) message containing the term (`lowerLike`: lowercased). */
async function withMatchingMessage(db: Db, ids: number[], lowerLike: string): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await runText(db, templatesOf(db).messageHits, [intArrayText(ids), lowerLike], PREPARE);
  return new Set(rows.map((r) => r[0] as number));
}

/**
 * The tickets of the company whose contact or some message matches, as a condition (through the
 * trigram indexes; the ids are few, or the walk would have found the page). Not prepared: a generic
 * plan cannot see the pattern, and the trigram index is the right plan only for a rare one.
 */
async function matchingTickets(db: Db, companyId: number, like: string): Promise<SQL> {
  const t = templatesOf(db);
  const [byMessage, byContact] = await Promise.all([runText(db, t.byMessage, [companyId, like], false), runText(db, t.byContact, [companyId, like], false)]);
  const ticketIds = byMessage.map((r) => r[0] as number);
  const contactIds = byContact.map((r) => r[0] as number);
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
  db: Db,
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
    // prepared, like the next: the walk's statements keep their shape whatever the term
    const rows = await nextTickets(db, where, like, batch, after);
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
