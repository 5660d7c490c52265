import type { Db } from "@/db";
import { prompts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { sealSecret } from "@/lib/crypto/secret-box";
import { attachQueue, lockPromptQueue } from "./attach-queue";
import { getPrompt, publishPrompts, type PromptView } from "./prompt-view";
import type { CreatePromptInput } from "./schemas";

/** POST /prompt: the prompt, its keys sealed, attached to its queue in the same transaction. */
export async function createPrompt(db: Db, ctx: TenantContext, input: CreatePromptInput): Promise<PromptView> {
  const { id, displaced } = await db.transaction(async (tx) => {
    await lockPromptQueue(tx, ctx.companyId, input.queueId);
    const [row] = await tx
      .insert(prompts)
      .values({
        ...input,
        companyId: ctx.companyId,
        apiKey: input.apiKey ? sealSecret(input.apiKey) : "",
        voiceKey: input.voiceKey ? sealSecret(input.voiceKey) : "",
      })
      .returning({ id: prompts.id });
    return { id: row.id, displaced: await attachQueue(tx, ctx.companyId, row.id, input.queueId) };
  });
  const view = await getPrompt(db, ctx.companyId, id);
  await publishPrompts(ctx.companyId, [{ action: "create", record: view }, ...(await updates(db, ctx.companyId, displaced))]);
  return view;
}

/** `update` changes for prompts that lost their queue to another one. */
export async function updates(db: Db, companyId: number, ids: number[]) {
  const views = await Promise.all(ids.map((id) => getPrompt(db, companyId, id).catch(() => null)));
  return views.flatMap((record) => (record ? [{ action: "update" as const, record }] : []));
}

/** `prompt` update events for prompts a queue save moved (lib/queues). */
export async function publishPromptUpdates(db: Db, companyId: number, ids: number[]) {
  if (ids.length) await publishPrompts(companyId, await updates(db, companyId, ids));
}
