import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { queues } from "@/db/schema";
import { queuePicksPrompt } from "@/lib/prompts/attach-queue";
import { publishPromptUpdates } from "@/lib/prompts/create-prompt";
import { assertQueueFree } from "./assert-queue-free";
import { checkQueueReferences } from "./check-queue-references";
import { publishQueue, queueSummary } from "./publish-queue";
import { getQueue } from "./queue-view";
import type { UpdateQueueInput } from "./schemas";

/** PUT /queue/{id} (admins): what is sent changes; another company's queue is 404 before anything else. */
export async function updateQueue(db: Db, companyId: number, queueId: number, input: UpdateQueueInput) {
  await getQueue(db, companyId, queueId);
  await assertQueueFree(db, companyId, { name: input.name, color: input.color }, queueId);
  await checkQueueReferences(db, companyId, input);
  const changes = Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) as UpdateQueueInput;
  const movedPrompts = await db.transaction(async (tx) => {
    // the prompt first: it locks the queue, then the prompt, as prompt saves do
    const moved = input.promptId !== undefined ? await queuePicksPrompt(tx, companyId, queueId, input.promptId) : [];
    await tx
      .update(queues)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(queues.id, queueId), eq(queues.companyId, companyId)));
    return moved;
  });
  const queue = await getQueue(db, companyId, queueId);
  await publishQueue(companyId, { action: "update", queue: queueSummary(queue) });
  await publishPromptUpdates(db, companyId, movedPrompts);
  return queue;
}
