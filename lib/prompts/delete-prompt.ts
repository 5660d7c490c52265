import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { prompts, queues } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { lockPromptQueue } from "./attach-queue";
import { lockPrompt, promptOf, publishPrompts } from "./prompt-view";

/**
 * DELETE /prompt/{id}: the prompt; every queue holding it lets go in the same transaction
 * (connections and tickets naming it are cleared by their foreign keys). Answers the spec's
 * message text, shown as info.
 */
export async function deletePrompt(db: Db, ctx: TenantContext, id: number) {
  await db.transaction(async (tx) => {
    // the prompt's own queue first, as saves take it (queue, then prompt): no deadlock with a save
    const [own] = await tx.select({ queueId: prompts.queueId }).from(prompts).where(promptOf(ctx.companyId, id));
    if (own?.queueId) await lockPromptQueue(tx, ctx.companyId, own.queueId).catch(() => undefined);
    await lockPrompt(tx, ctx.companyId, id);
    await tx
      .update(queues)
      .set({ promptId: null, updatedAt: new Date() })
      .where(and(eq(queues.companyId, ctx.companyId), eq(queues.promptId, id)));
    await tx.delete(prompts).where(promptOf(ctx.companyId, id));
  });
  await publishPrompts(ctx.companyId, [{ action: "delete", id }]);
  return { message: "Prompt deleted" };
}
