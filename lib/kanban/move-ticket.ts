import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { tags, tickets, ticketTags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { publishTicketTags } from "@/lib/tags/publish-ticket-tags";
import type { TicketTag } from "@/lib/tags/ticket-tags";
import { getTicket } from "@/lib/tickets/get-ticket";
import { assertMayWrite } from "@/lib/tickets/ticket-access";
import { lockKanbanTag } from "./kanban-tags";

export type MoveResult = { ticketId: number; tags: TicketTag[] };

/** One tag change of a ticket at a time (the same row lock as POST /api/tags/sync). */
async function lockTicket(tx: DbOrTx, ctx: TenantContext, ticketId: number) {
  await tx
    .select({ id: tickets.id })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)))
    .for("update");
}

const kanbanTagsOfCompany = (tx: DbOrTx, companyId: number) =>
  tx.select({ id: tags.id }).from(tags).where(and(eq(tags.companyId, companyId), eq(tags.kanban, 1)));

/** Deletes the ticket's kanban tags, but `keep`; answers the tag ids removed. */
async function dropKanbanTags(tx: DbOrTx, ctx: TenantContext, ticketId: number, keep: number | null): Promise<number[]> {
  const removed = await tx
    .delete(ticketTags)
    .where(
      and(
        eq(ticketTags.ticketId, ticketId),
        eq(ticketTags.companyId, ctx.companyId),
        inArray(ticketTags.tagId, kanbanTagsOfCompany(tx, ctx.companyId)),
        keep === null ? undefined : ne(ticketTags.tagId, keep),
      ),
    )
    .returning({ tagId: ticketTags.tagId });
  return removed.map((r) => r.tagId);
}

/**
 * The ticket as the caller may change it: theirs to open (404 another company's, 403 another
 * queue's) and to write in (403: a non-admin's own open ticket), as POST /api/tags/sync requires.
 */
async function assertMayTag(db: Db, ctx: TenantContext, ticketId: number) {
  assertMayWrite(ctx, await getTicket(db, ctx, ticketId));
}

/**
 * DELETE /api/ticket-tags/{ticketId} (admin §7): the ticket leaves its kanban lane for 'Em aberto':
 * its kanban tags go, its other tags stay. Publishes the ticket and the changed tags' counts.
 */
export async function clearKanbanTags(db: Db, ctx: TenantContext, ticketId: number): Promise<MoveResult> {
  await assertMayTag(db, ctx, ticketId);
  const removed = await db.transaction(async (tx) => {
    await lockTicket(tx, ctx, ticketId);
    return dropKanbanTags(tx, ctx, ticketId, null);
  });
  return { ticketId, tags: await publishTicketTags(db, ctx, ticketId, removed) };
}

/**
 * PUT /api/ticket-tags/{ticketId}/{tagId} (admin §7, §4 "remove the old tag, then add the new
 * one"): the ticket moves to the tag's lane. Beyond the spec, both steps are one transaction, so a
 * drag is one call and a failure half-way never leaves the ticket in two lanes or in none. The tag
 * must be a kanban tag of the caller's company (404 ERR_NO_TAG_FOUND otherwise, a plain tag too:
 * it names no lane); non-kanban tags of the ticket stay. Moving to its own lane changes nothing.
 */
export async function moveToKanbanTag(db: Db, ctx: TenantContext, ticketId: number, tagId: number): Promise<MoveResult> {
  await assertMayTag(db, ctx, ticketId);
  const changed = await db.transaction(async (tx) => {
    await lockTicket(tx, ctx, ticketId);
    await lockKanbanTag(tx, ctx.companyId, tagId);
    const removed = await dropKanbanTags(tx, ctx, ticketId, tagId);
    const added = await tx.insert(ticketTags).values({ ticketId, tagId, companyId: ctx.companyId }).onConflictDoNothing().returning({ tagId: ticketTags.tagId });
    return [...removed, ...added.map((r) => r.tagId)];
  });
  return { ticketId, tags: await publishTicketTags(db, ctx, ticketId, changed) };
}
