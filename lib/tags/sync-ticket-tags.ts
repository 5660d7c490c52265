import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { tags, tickets, ticketTags } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getTicket } from "@/lib/tickets/get-ticket";
import { assertMayWrite } from "@/lib/tickets/ticket-access";
import { publishTicketTags } from "./publish-ticket-tags";
import type { SyncTagsInput } from "./schemas";

/**
 * POST /tags/sync: replaces a ticket's tags with the given set (the tag editor of the conversation,
 * and the kanban's move between lanes). The ticket must be one the caller may open (404 for
 * another company's, 403 for another queue's) and write in (403: a non-admin's own open ticket),
 * and every tag the caller's company's (404).
 */
export async function syncTicketTags(db: Db, ctx: TenantContext, input: SyncTagsInput) {
  // setting tags changes the ticket: a non-admin's own open ticket only (lib/tickets/ticket-rules.ts)
  assertMayWrite(ctx, await getTicket(db, ctx, input.ticketId));
  const wanted = [...new Set(input.tags)];
  const before = await db.transaction(async (tx) => {
    // one sync per ticket at a time: the second waits, then replaces the first's set
    await tx
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.id, input.ticketId), eq(tickets.companyId, ctx.companyId)))
      .for("update");
    if (wanted.length) {
      const found = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(inArray(tags.id, wanted), eq(tags.companyId, ctx.companyId)))
        .for("share");
      if (found.length !== wanted.length) throw new AppError("ERR_NO_TAG_FOUND", 404);
    }
    const old = await tx
      .delete(ticketTags)
      .where(and(eq(ticketTags.ticketId, input.ticketId), eq(ticketTags.companyId, ctx.companyId)))
      .returning({ tagId: ticketTags.tagId });
    if (wanted.length) {
      await tx
        .insert(ticketTags)
        .values(wanted.map((tagId) => ({ ticketId: input.ticketId, tagId, companyId: ctx.companyId })))
        .onConflictDoNothing();
    }
    return old.map((r) => r.tagId);
  });

  const current = await publishTicketTags(db, ctx, input.ticketId, symmetricDifference(before, wanted));
  return { ticketId: input.ticketId, tags: current };
}

function symmetricDifference(a: number[], b: number[]): number[] {
  const sa = new Set(a);
  const sb = new Set(b);
  return [...a.filter((x) => !sb.has(x)), ...b.filter((x) => !sa.has(x))];
}
