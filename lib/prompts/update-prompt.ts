import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { prompts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { sealSecret } from "@/lib/crypto/secret-box";
import { attachQueue, detachQueue, lockPromptQueue } from "./attach-queue";
import { updates } from "./create-prompt";
import { getPrompt, lockPrompt, publishPrompts, type PromptView } from "./prompt-view";
import type { UpdatePromptInput } from "./schemas";

/**
 * PUT /prompt/{id}: what is sent changes. A key left out or "" keeps the stored one; a new one is
 * sealed. A new queue takes the prompt (the old queue lets go of it); the same queue is attached
 * again (mending a queue the queue screen pointed elsewhere). A save clears the last failure.
 */
export async function updatePrompt(db: Db, ctx: TenantContext, id: number, input: UpdatePromptInput): Promise<PromptView> {
  const displaced = await db.transaction(async (tx) => {
    if (input.queueId !== undefined) await lockPromptQueue(tx, ctx.companyId, input.queueId);
    const current = await lockPrompt(tx, ctx.companyId, id);
    const { apiKey, voiceKey, ...fields } = input;
    await tx
      .update(prompts)
      .set({
        ...fields,
        ...(apiKey ? { apiKey: sealSecret(apiKey) } : {}),
        ...(voiceKey ? { voiceKey: sealSecret(voiceKey) } : {}),
        // the admin acted on the prompt: the last failure is not shown again until the next one
        lastError: null,
        lastErrorAt: null,
        updatedAt: new Date(),
      })
      .where(eq(prompts.id, id));
    if (input.queueId === undefined) return [];
    if (current.queueId && current.queueId !== input.queueId) await detachQueue(tx, ctx.companyId, id, current.queueId);
    return attachQueue(tx, ctx.companyId, id, input.queueId);
  });
  const view = await getPrompt(db, ctx.companyId, id);
  await publishPrompts(ctx.companyId, [{ action: "update", record: view }, ...(await updates(db, ctx.companyId, displaced))]);
  return view;
}
