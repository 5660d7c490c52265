import { asc, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queues } from "@/db/schema";
import { queueColumns, type Queue } from "./queue-view";

/** GET /queue: every queue of the company, by orderQueue (unset last) then name. */
export function listQueues(db: DbOrTx, companyId: number): Promise<Queue[]> {
  // served by queues_company_name_unique (company_id first); a company has few queues
  return db.select(queueColumns).from(queues).where(eq(queues.companyId, companyId)).orderBy(asc(queues.orderQueue), asc(queues.name), asc(queues.id));
}
