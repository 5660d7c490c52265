import { and, eq, inArray, ne } from "drizzle-orm";
import type { Db } from "@/db";
import { tickets, users } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import type { TicketStatus } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { ticketSummaryEvents, toTicketSummary } from "@/lib/tickets/ticket-summary";
import { selectTickets, toTicketListItem } from "@/lib/tickets/ticket-view";
import { userDeleted } from "./publish-user";

/**
 * DELETE /users/{id} (admins). Nobody deletes themself, and only a super user deletes a super user
 * (the platform's owner stays). The tickets the user was working go back to pending without a user,
 * so the queue picks them up again; closed tickets keep their history (user set null by the key).
 */
export async function deleteUser(db: Db, ctx: TenantContext, userId: number) {
  const { companyId } = ctx;
  if (userId === ctx.userId) throw new AppError("ERR_CANNOT_DELETE_SELF", 403);
  const released = await db.transaction(async (tx) => {
    const [target] = await tx
      .select({ id: users.id, super: users.super })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
      .for("update");
    if (!target) throw new AppError("ERR_NO_USER_FOUND", 404);
    if (target.super && !ctx.super) throw new AppError("ERR_NO_PERMISSION", 403);
    const held = and(eq(tickets.companyId, companyId), eq(tickets.userId, userId), ne(tickets.status, "closed"));
    const heldTickets = await tx.select({ id: tickets.id, queueId: tickets.queueId, status: tickets.status }).from(tickets).where(held).for("update");
    if (heldTickets.length) await tx.update(tickets).set({ status: "pending", userId: null, updatedAt: new Date() }).where(held);
    await tx.delete(users).where(and(eq(users.id, userId), eq(users.companyId, companyId)));
    return heldTickets;
  });
  const before = new Map(released.map((t) => [t.id, { id: t.id, companyId, queueId: t.queueId, status: t.status as TicketStatus }]));
  const now = released.length
    ? await selectTickets(db).where(and(eq(tickets.companyId, companyId), inArray(tickets.id, [...before.keys()])))
    : [];
  await publish(
    userDeleted(companyId, userId),
    ...now.flatMap((row) => ticketSummaryEvents(companyId, toTicketSummary(toTicketListItem(row)), before.get(row.id) ?? null)),
  );
  return { message: "User deleted" };
}
