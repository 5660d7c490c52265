import { count, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { companies, queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { queuePicksPrompt } from "@/lib/prompts/attach-queue";
import { publishPromptUpdates } from "@/lib/prompts/create-prompt";
import { assertQueueFree } from "./assert-queue-free";
import { checkQueueReferences } from "./check-queue-references";
import { publishQueue, queueSummary } from "./publish-queue";
import { getQueue } from "./queue-view";
import { defaultQueueSchedules } from "./schedules";
import type { CreateQueueInput } from "./schemas";

/**
 * POST /queue (admins). The plan's queue limit holds even for concurrent creates: the company row
 * is locked for the transaction, so the count and the insert of one company run one at a time.
 * Hours left out are the spec's defaults (§9). Takes the pool: the event goes out after the commit.
 */
export async function createQueue(db: Db, companyId: number, input: CreateQueueInput) {
  const { id, moved } = await db.transaction(async (tx) => {
    await tx.select({ id: companies.id }).from(companies).where(eq(companies.id, companyId)).for("update");
    const plan = await getCompanyPlan(tx, companyId);
    const [{ n }] = await tx.select({ n: count() }).from(queues).where(eq(queues.companyId, companyId));
    if (!plan || n >= plan.queues) throw new AppError("ERR_QUEUE_LIMIT_REACHED", 403, { limit: plan?.queues ?? 0 });
    await assertQueueFree(tx, companyId, { name: input.name, color: input.color });
    await checkQueueReferences(tx, companyId, input);
    const [row] = await tx
      .insert(queues)
      .values({
        companyId,
        name: input.name,
        color: input.color,
        greetingMessage: input.greetingMessage ?? "",
        complationMessage: input.complationMessage ?? "",
        outOfHoursMessage: input.outOfHoursMessage ?? "",
        ratingMessage: input.ratingMessage ?? "",
        orderQueue: input.orderQueue ?? null,
        schedules: input.schedules ?? defaultQueueSchedules(),
        promptId: input.promptId ?? null,
        integrationId: input.integrationId ?? null,
      })
      .returning({ id: queues.id });
    // the prompt's own queue follows (the prompts list shows it)
    const moved = input.promptId ? await queuePicksPrompt(tx, companyId, row.id, input.promptId) : [];
    return { id: row.id, moved };
  });
  const queue = await getQueue(db, companyId, id);
  await publishQueue(companyId, { action: "create", queue: queueSummary(queue) });
  await publishPromptUpdates(db, companyId, moved);
  return queue;
}
