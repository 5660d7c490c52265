import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { tickets, users } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { TicketStatus } from "@/lib/realtime/channels";
import * as rules from "./ticket-rules";
import type { TicketActor, TicketHold } from "./ticket-rules";

// The server side of lib/tickets/ticket-rules.ts: the caller as a TicketActor, the rules as 403s,
// and the same rules in SQL for the lists.

/** The caller as the rules see them; allTicket is read from the database when a rule needs it. */
export function actorOf(ctx: TenantContext, allTicket = false): TicketActor {
  return { userId: ctx.userId, isAdmin: isAdmin(ctx), queueIds: ctx.queueIds, allTicket };
}

/** The caller's allTicket flag ("enable"): they may see and accept other queues' pending tickets. */
export async function isAllTicketUser(db: DbOrTx, ctx: TenantContext): Promise<boolean> {
  if (isAdmin(ctx)) return false;
  const [row] = await db
    .select({ allTicket: users.allTicket })
    .from(users)
    .where(and(eq(users.id, ctx.userId), eq(users.companyId, ctx.companyId)));
  return row?.allTicket === "enable";
}

/** spec core §5/§6 (ticket-rules.ts canOpenTicket): what the caller may open. */
export function canOpenTicket(ctx: TenantContext, t: Pick<TicketHold, "queueId" | "userId">): boolean {
  return rules.canOpenTicket(actorOf(ctx), t);
}

/** 403 unless the caller may write in the ticket: send or delete messages, set its tags (ticket-rules.ts). */
export function assertMayWrite(ctx: TenantContext, t: TicketHold): void {
  if (!rules.canWriteTicket(actorOf(ctx), t)) throw new AppError("ERR_NO_PERMISSION", 403);
}

const inMyQueues = (ctx: TenantContext): SQL =>
  ctx.queueIds.length ? or(isNull(tickets.queueId), inArray(tickets.queueId, ctx.queueIds))! : isNull(tickets.queueId);

/** canOpenTicket in SQL (undefined: no restriction, for admins). */
export function openableTicketsWhere(ctx: TenantContext): SQL | undefined {
  if (isAdmin(ctx)) return undefined;
  return or(eq(tickets.userId, ctx.userId), inMyQueues(ctx));
}

export type ListScope = {
  /** undefined: the search tab (every status) */
  status?: TicketStatus;
  /** tickets-manager:showall; honoured for admins only */
  showAll: boolean;
  /** the caller's allTicket flag ("enable"): they also see other queues' pending tickets */
  allTicket: boolean;
};

/**
 * Which tickets a list shows (GET /api/tickets), as in the product we replace. The open tab: one's
 * own tickets; the pending tab: pending ones of one's queues or none (every queue for admins and
 * allTicket users, who may accept them: ticket-rules.ts canAcceptTicket) and one's own; the closed
 * and search tabs: every ticket one may open. "Show all" (admins) lists every ticket of the
 * company. The caller adds the status condition itself.
 */
export function listedTicketsWhere(ctx: TenantContext, scope: ListScope): SQL {
  const company = eq(tickets.companyId, ctx.companyId);
  if (scope.showAll && isAdmin(ctx)) return company;
  if (!scope.status || scope.status === "closed") return and(company, openableTicketsWhere(ctx))!;
  if (scope.status === "open") return and(company, eq(tickets.userId, ctx.userId))!;
  if (isAdmin(ctx) || scope.allTicket) return company;
  return and(company, or(eq(tickets.userId, ctx.userId), inMyQueues(ctx)))!;
}
