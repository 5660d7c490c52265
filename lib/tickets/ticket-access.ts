import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import { tickets, users } from "@/db/schema";
import { isAdmin, type TenantContext } from "@/lib/api/context";

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

// allTicket users also see other queues' pending tickets (as their list channels allow)
const allTicketUser = (ctx: TenantContext) =>
  sql`exists (select 1 from ${users} where ${users.id} = ${ctx.userId} and ${users.companyId} = ${ctx.companyId} and ${users.allTicket} = 'enable')`;

/**
 * Which tickets a list shows (GET /api/tickets). As in the product we replace: one's own tickets,
 * plus pending ones of one's queues (or no queue); "show all" (tickets-manager:showall, admins
 * only; ignored for anyone else) shows every ticket of the company.
 */
export function listedTicketsWhere(ctx: TenantContext, showAll: boolean): SQL {
  const company = eq(tickets.companyId, ctx.companyId);
  if (showAll && isAdmin(ctx)) return company;
  const pendingVisible = and(eq(tickets.status, "pending"), isAdmin(ctx) ? undefined : or(inMyQueues(ctx), allTicketUser(ctx)));
  return and(company, or(eq(tickets.userId, ctx.userId), pendingVisible))!;
}
