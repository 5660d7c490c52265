import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queueIntegrations } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** A queue's prompt and integration must be the company's: anything else is 404, as if missing. */
export async function checkQueueReferences(db: DbOrTx, companyId: number, refs: { promptId?: number | null; integrationId?: number | null }) {
  if (refs.promptId) {
    const [p] = await db.select({ id: prompts.id }).from(prompts).where(and(eq(prompts.companyId, companyId), eq(prompts.id, refs.promptId)));
    if (!p) throw new AppError("ERR_NOT_FOUND", 404);
  }
  if (refs.integrationId) {
    const [i] = await db
      .select({ id: queueIntegrations.id })
      .from(queueIntegrations)
      .where(and(eq(queueIntegrations.companyId, companyId), eq(queueIntegrations.id, refs.integrationId)));
    if (!i) throw new AppError("ERR_NOT_FOUND", 404);
  }
}
