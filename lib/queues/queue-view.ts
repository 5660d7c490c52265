import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** A queue as the API answers it (admin §3 Queue). */
export const queueColumns = {
  id: queues.id,
  name: queues.name,
  color: queues.color,
  greetingMessage: queues.greetingMessage,
  complationMessage: queues.complationMessage,
  outOfHoursMessage: queues.outOfHoursMessage,
  ratingMessage: queues.ratingMessage,
  orderQueue: queues.orderQueue,
  integrationId: queues.integrationId,
  promptId: queues.promptId,
  schedules: queues.schedules,
  createdAt: queues.createdAt,
  updatedAt: queues.updatedAt,
};

export type Queue = Omit<typeof queues.$inferSelect, "companyId">;

/** GET /queue/{id}: one queue of the caller's company; another company's (or a missing) one is 404. */
export async function getQueue(db: DbOrTx, companyId: number, queueId: number): Promise<Queue> {
  const [row] = await db
    .select(queueColumns)
    .from(queues)
    .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  if (!row) throw new AppError("ERR_NO_QUEUE_FOUND", 404);
  return row;
}
