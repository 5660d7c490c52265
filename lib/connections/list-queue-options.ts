import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues } from "@/db/schema";

/** The company's queues as the connection dialog offers them (queueIds, transferQueueId). */
export function listQueueOptions(db: DbOrTx, companyId: number) {
  return db
    .select({ id: queues.id, name: queues.name, color: queues.color })
    .from(queues)
    .where(eq(queues.companyId, companyId))
    .orderBy(asc(queues.orderQueue), asc(queues.name));
}
