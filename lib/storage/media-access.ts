import { and, eq, gte, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db";
import { runPrepared } from "@/db/prepared-query";
import { messages, tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { openableTicketsWhere } from "@/lib/tickets/ticket-access";
import { keyUnder } from "./keys";

// Who may read a stored file (issue 34 §1.7). A message's media goes with the message: whoever may
// see the message in a conversation may read it, no one else of the company. Keys no message holds
// keep their own rule, the company check of the facade (campaign media, quick messages, schedules,
// file lists, avatars); the platform area stays readable by every signed-in user.

const holder = alias(tickets, "holder");

/**
 * null when no message of the company holds the key, else whether the caller may see one of them:
 * GET /api/messages/{ticketId} shows a ticket's messages and those of the contact's earlier tickets
 * (lib/messages/list-messages.ts), so a message is seen through its own ticket or any later ticket
 * of its contact that the caller may open (ticket-access.ts, the rule GET /api/tickets/{id} applies).
 * On messages_company_media_idx (migration 0022).
 */
function seenByCaller(db: DbOrTx, ctx: TenantContext, key: string) {
  const shownIn = db
    .select({ one: sql`1` })
    .from(tickets)
    .where(and(eq(tickets.companyId, ctx.companyId), eq(tickets.contactId, holder.contactId), gte(tickets.id, holder.id), openableTicketsWhere(ctx)));
  return db
    .select({ seen: sql<boolean | null>`bool_or(exists (${shownIn}))` })
    .from(messages)
    .innerJoin(holder, eq(holder.id, messages.ticketId))
    .where(and(eq(messages.companyId, ctx.companyId), eq(messages.mediaUrl, key)));
}

/**
 * 403 ERR_NO_PERMISSION, as for the ticket itself, when the key is a message's media and the caller
 * may not see any message holding it. Other keys pass: statMedia answers them (404 for another
 * company's). Admins open every ticket of their company, so they skip the lookup.
 */
export async function assertMayReadMedia(db: DbOrTx, ctx: TenantContext, key: string): Promise<void> {
  // the key in its normal form, as saved (and as messages hold it): "a/../a/b" reads "a/b"
  const own = keyUnder(String(ctx.companyId), key);
  if (!own || isAdmin(ctx)) return;
  const [row] = await runPrepared(seenByCaller(db, ctx, own));
  if (row?.seen === false) throw new AppError("ERR_NO_PERMISSION", 403);
}
