import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { queueIntegrations } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { sealSecret } from "@/lib/crypto/secret-box";
import { getIntegration, loadIntegration, publishIntegration, toView, type IntegrationView } from "./integration-view";
import type { CreateIntegrationInput, UpdateIntegrationInput } from "./schemas";

/** POST /queueIntegration: the JSON sealed before it is stored. */
export async function createIntegration(db: Db, ctx: TenantContext, input: CreateIntegrationInput): Promise<IntegrationView> {
  const [row] = await db
    .insert(queueIntegrations)
    .values({ ...input, companyId: ctx.companyId, jsonContent: input.jsonContent ? sealSecret(input.jsonContent) : "" })
    .returning();
  const view = toView(row);
  await publishIntegration(ctx.companyId, "create", view);
  return view;
}

/**
 * PUT /queueIntegration/{id}: every field; a dialogflow integration sent without JSON keeps the
 * stored one (400 when there is none), another type drops it. Editing clears the last error (the
 * next turn tells whether the change fixed it).
 */
export async function updateIntegration(db: Db, ctx: TenantContext, id: number, input: UpdateIntegrationInput): Promise<IntegrationView> {
  await db.transaction(async (tx) => {
    const current = await loadIntegration(tx, ctx.companyId, id, true);
    let jsonContent = "";
    if (input.type === "dialogflow") {
      jsonContent = input.jsonContent ? sealSecret(input.jsonContent) : current.jsonContent;
      if (!jsonContent) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "jsonContent", message: "required" }] });
    }
    await tx
      .update(queueIntegrations)
      .set({ ...input, jsonContent, lastError: null, lastErrorAt: null, updatedAt: new Date() })
      .where(eq(queueIntegrations.id, current.id));
  });
  const view = await getIntegration(db, ctx.companyId, id);
  await publishIntegration(ctx.companyId, "update", view);
  return view;
}

/**
 * DELETE /queueIntegration/{id}. Queues, connections and tickets naming it keep working: their
 * foreign keys are ON DELETE SET NULL, so a queue that used it goes back to its options (or to an
 * agent) and a ticket a bot held is left for an agent.
 */
export async function deleteIntegration(db: Db, ctx: TenantContext, id: number) {
  await db.transaction(async (tx) => {
    const row = await loadIntegration(tx, ctx.companyId, id, true);
    await tx.delete(queueIntegrations).where(eq(queueIntegrations.id, row.id));
  });
  await publishIntegration(ctx.companyId, "delete", id);
  return { message: "ok" };
}
