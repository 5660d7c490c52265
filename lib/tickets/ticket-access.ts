import { and, eq, inArray, isNull, or, type SQL } from "drizzle-orm";
import { tickets } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";
import type { TicketStatus } from "@/lib/realtime/channels";

type Owned = { queueId: number | null; userId: number | null };

/**
 * spec core §5/§6: admins open any ticket of their company; users open tickets of their queues,
 * tickets without a queue, and their own (the same rule as the conversation channel's auth).
 */
export function canOpenTicket(ctx: TenantContext, t: Owned): boolean {
  return isAdmin(ctx) || t.userId === ctx.userId || t.queueId === null || ctx.queueIds.includes(t.queueId);
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
 * allTicket users) and one's own; the closed and search tabs: every ticket one may open. "Show all"
 * (admins) lists every ticket of the company. The caller adds the status condition itself.
 */
export function listedTicketsWhere(ctx: TenantContext, scope: ListScope): SQL {
  const company = eq(tickets.companyId, ctx.companyId);
  if (scope.showAll && isAdmin(ctx)) return company;
  if (!scope.status || scope.status === "closed") return and(company, openableTicketsWhere(ctx))!;
  if (scope.status === "open") return and(company, eq(tickets.userId, ctx.userId))!;
  if (isAdmin(ctx) || scope.allTicket) return company;
  return and(company, or(eq(tickets.userId, ctx.userId), inMyQueues(ctx)))!;
}
