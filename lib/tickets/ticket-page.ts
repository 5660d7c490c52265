import { count, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db";
import { PREPARE } from "@/db/prepared-query";
import { tickets } from "@/db/schema";
import { dialect, fill, HOLE, runText as run, textOf } from "./statement-text";
import { listFields, newestFirst, selectTicketsWithTags, toTicketListItem, type TicketListItem, type TicketRow } from "./ticket-view";

// The ticket lists' statements (GET /api/tickets and its search, the kanban), templates made once
// (statement-text.ts): the page, its ids, the count. A request renders only its filter into the
// hole, and the statement runs prepared on the raw client, its rows mapped by position.

/** Deeper pages up to this offset are prepared statements, one a depth (ticketPage). */
const PREPARED_OFFSET = 400;

type Templates = { page: string; ids: string; count: string };
let templates: Templates | undefined;

function templatesOf(db: Db): Templates {
  templates ??= {
    page: textOf(selectTicketsWithTags(db).where(sql.raw(HOLE)).orderBy(...newestFirst)),
    ids: textOf(db.select({ id: tickets.id }).from(tickets).where(sql.raw(HOLE)).orderBy(...newestFirst)),
    count: textOf(db.select({ total: count() }).from(tickets).where(sql.raw(HOLE))),
  };
  return templates;
}

const FIELDS = Object.keys(listFields) as (keyof typeof listFields)[];

/** A row of the page template, as values in the order of listFields, as a list item. */
function itemOf(values: unknown[]): TicketListItem {
  const row: Record<string, unknown> = {};
  for (let i = 0; i < FIELDS.length; i++) row[FIELDS[i]] = values[i];
  // drizzle leaves timestamps as text on its client and makes the Date itself
  const at = row.updatedAt;
  row.updatedAt = at instanceof Date ? at : new Date(at as string);
  return toTicketListItem(row as TicketRow & { tags: TicketListItem["tags"] });
}

export type PageOptions = {
  limit: number;
  offset: number;
  /**
   * The filter picks ids whose share of the tickets varies widely (queues, tags, users): planned
   * for its values on every request, not prepared. A generic plan cannot tell a tag on 2% of the
   * tickets from one on half of them: a tag filter took 8.5-9.8 ms with it against 5.8-7.1
   * planned each time, a count under two queues 10 ms against 3.4 (issue 19).
   */
  planEachTime?: boolean;
};

/**
 * A page of list items in the lists' order, with their tags, in one statement, prepared: planned
 * once per connection, not on every request (issue 19). It finds the page's ids first, then reads
 * only those rows, their joins and tags: planning the ids alone is cheap (the whole join with a tag
 * filter took 5.7-7.8 ms to plan, 1.5 ms so), and OFFSET skips ids rather than joined rows with
 * their tags worked out. The limit and offset are written into the text, not sent as parameters:
 * a generic plan guesses a LIMIT or OFFSET parameter at a tenth of the rows, so Postgres found it
 * dearer than a custom plan and planned the page on every execution anyway (2 ms a page, 3.1 ms in
 * all against 1.2 with the limit in the text); the kanban's tag lane at page 10 took 26-31 ms with
 * a generic OFFSET against 16 planned each time. Each depth is its own statement, prepared down to
 * PREPARED_OFFSET; pages further down are rare and planned each time. A page planned each time
 * (`planEachTime`, or deeper) takes two statements: its ids planned for the values, then their rows
 * prepared.
 */
export async function ticketPage(db: Db, where: SQL, { limit, offset, planEachTime = false }: PageOptions): Promise<TicketListItem[]> {
  if (!Number.isSafeInteger(offset) || offset < 0) throw new RangeError(`bad offset ${offset}`);
  if (!Number.isSafeInteger(limit) || limit < 1) throw new RangeError(`bad limit ${limit}`);
  const t = templatesOf(db);
  const w = dialect.sqlToQuery(where);
  const ids = `${fill(t.ids, w.sql)} limit ${limit}${offset ? ` offset ${offset}` : ""}`;
  const prepared = !planEachTime && offset <= PREPARED_OFFSET;
  if (prepared || !PREPARE) return (await run(db, fill(t.page, `"tickets"."id" in (${ids})`), w.params, PREPARE)).map(itemOf);
  // Planned for its values: only the ids' statement is (0.2 ms to plan, against 1 ms for the whole
  // page with its joins and tags); the page's rows are then read by those ids, prepared, the filter
  // applied again (a ticket that left it meanwhile is not shown). One round trip more, 1.3 ms less
  // on the tag filter of the large tenant (docs/performance-requests.md, fourth round).
  const found = (await run(db, ids, w.params, false)).map((r) => r[0]);
  if (!found.length) return [];
  const byIds = `"tickets"."id" = any($${w.params.length + 1}::int[]) and (${w.sql})`;
  return (await run(db, fill(t.page, byIds), [...w.params, found], PREPARE)).map(itemOf);
}

/** The list items passing `where` (a few: the caller names them), in the lists' order. */
export async function ticketsWhere(db: Db, where: SQL): Promise<TicketListItem[]> {
  const w = dialect.sqlToQuery(where);
  return (await run(db, fill(templatesOf(db).page, w.sql), w.params, PREPARE)).map(itemOf);
}

/** How many tickets pass `where` (`planEachTime`: as for ticketPage). */
export async function ticketCount(db: Db, where: SQL, { planEachTime = false } = {}): Promise<number> {
  const w = dialect.sqlToQuery(where);
  const [row] = await run(db, fill(templatesOf(db).count, w.sql), w.params, PREPARE && !planEachTime);
  return Number(row[0]);
}
