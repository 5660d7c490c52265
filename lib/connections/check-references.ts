import { and, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queueIntegrations, queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

type Refs = { queueIds?: number[]; transferQueueId?: number | null; promptId?: number | null; integrationId?: number | null };

/** Every queue, prompt and integration a connection points at must be the company's: else 404. */
export async function checkReferences(db: DbOrTx, companyId: number, refs: Refs) {
  const queueIds = [...new Set([...(refs.queueIds ?? []), ...(refs.transferQueueId ? [refs.transferQueueId] : [])])];
  if (queueIds.length) {
    const found = await db
      .select({ id: queues.id })
      .from(queues)
      .where(and(eq(queues.companyId, companyId), inArray(queues.id, queueIds)));
    if (found.length !== queueIds.length) throw new AppError("ERR_NOT_FOUND", 404);
  }
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
