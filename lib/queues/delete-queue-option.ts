import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueOptions } from "@/db/schema";
import { getQueueOption } from "./option-view";

/** DELETE /queue-options/{id} (admins): the option and, through the parent_id cascade, everything below it. */
export async function deleteQueueOption(db: DbOrTx, companyId: number, optionId: number) {
  await getQueueOption(db, companyId, optionId);
  await db.delete(queueOptions).where(and(eq(queueOptions.id, optionId), eq(queueOptions.companyId, companyId)));
  return { ok: true };
}
