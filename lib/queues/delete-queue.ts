import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { queues } from "@/db/schema";
import { publishQueue } from "./publish-queue";
import { getQueue } from "./queue-view";

/**
 * DELETE /queue/{id} (admins). The database does the rest: tickets (and ticket tracking, prompts,
 * a connection's transfer queue) keep existing without a queue (set null); the queue's options,
 * its users' and connections' links go with it (cascade).
 */
export async function deleteQueue(db: Db, companyId: number, queueId: number) {
  await getQueue(db, companyId, queueId);
  await db.delete(queues).where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
  await publishQueue(companyId, { action: "delete", queueId });
  return { ok: true };
}
