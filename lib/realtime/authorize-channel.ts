import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets, users } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { canOpenTicket, isAllTicketUser } from "@/lib/tickets/ticket-access";
import { parseChannel, type ParsedChannel } from "./channels";

export type PresenceMember = { user_id: string; user_info: { name: string; profile: string } };

/**
 * May this user subscribe to this channel? Never another company's channel; ticket channels only
 * for queues the user works in (or tickets without a queue, or their own); admins see all.
 * Returns the presence member data for presence channels.
 */
export async function authorizeChannel(
  db: DbOrTx,
  ctx: TenantContext,
  channelName: string,
): Promise<{ ok: false } | { ok: true; presence?: PresenceMember }> {
  const ch = parseChannel(channelName);
  if (!ch) return { ok: false };
  // the one channel without a company: platform announcements, for every signed-in user
  if (ch.kind === "platform") return { ok: true };
  if (ch.companyId !== ctx.companyId) return { ok: false };
  const admin = isAdmin(ctx);
  switch (ch.kind) {
    case "company":
      return { ok: true };
    case "admins":
    case "allTickets":
      return { ok: admin };
    case "user":
      return { ok: ch.userId === ctx.userId };
    case "presence":
      return { ok: true, presence: await presenceMember(db, ctx) };
    case "tickets":
      return { ok: admin || (await mayListTickets(db, ctx, ch)) };
    case "ticket":
      return { ok: await mayOpenTicket(db, ctx, ch.ticketId) };
  }
}

// spec core §4: users see their queues' tickets and those with no queue; allTicket adds pending
// ones (which they may accept: lib/tickets/ticket-rules.ts), as GET /api/tickets lists them
async function mayListTickets(db: DbOrTx, ctx: TenantContext, ch: Extract<ParsedChannel, { kind: "tickets" }>) {
  if (ch.queueId === null || ctx.queueIds.includes(ch.queueId)) return true;
  return ch.status === "pending" && (await isAllTicketUser(db, ctx));
}

// the conversation channel: whoever may open the ticket (the rule GET /api/tickets/{id} applies)
async function mayOpenTicket(db: DbOrTx, ctx: TenantContext, ticketId: number) {
  const [t] = await db
    .select({ queueId: tickets.queueId, userId: tickets.userId })
    .from(tickets)
    .where(and(eq(tickets.id, ticketId), eq(tickets.companyId, ctx.companyId)));
  return !!t && canOpenTicket(ctx, t);
}

async function presenceMember(db: DbOrTx, ctx: TenantContext): Promise<PresenceMember> {
  const [u] = await db
    .select({ name: users.name, profile: users.profile })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  return { user_id: String(ctx.userId), user_info: { name: u?.name ?? "", profile: u?.profile ?? ctx.profile } };
}
