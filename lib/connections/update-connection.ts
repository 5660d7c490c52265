import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsappQueues, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publish } from "@/lib/realtime/publish";
import { assertGreetingForQueues } from "./assert-greeting";
import { assertProviderAllowed } from "./assert-provider-allowed";
import { checkReferences } from "./check-references";
import { clearOtherDefaults } from "./clear-other-defaults";
import { rowFields } from "./create-connection";
import { generateToken } from "./generate-token";
import { loadConnections } from "./load-connections";
import { lockCompanyConnections } from "./lock-company-connections";
import { connectionUpdated } from "./publish-connection";
import type { UpdateConnectionInput } from "./schemas";

/**
 * PUT /whatsapp/{id}: changes what is sent. Making it the default clears the others; taking the
 * flag off the default answers ERR_NO_OTHER_WHATSAPP (spec core §8: there must be one default; to
 * move it, make another connection the default). An empty token asks for a new random one. The
 * resulting connection with more than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED).
 */
export async function updateConnection(db: DbOrTx, ctx: TenantContext, id: number, input: UpdateConnectionInput) {
  const { companyId } = ctx;
  const changed = await db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const [current] = await tx
      .select({ id: whatsapps.id, isDefault: whatsapps.isDefault, provider: whatsapps.provider, greetingMessage: whatsapps.greetingMessage })
      .from(whatsapps)
      .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    if (!current) throw new AppError("ERR_NO_WAPP_FOUND", 404);
    assertProviderAllowed(input.provider, current.provider);
    if (input.isDefault === false && current.isDefault) throw new AppError("ERR_NO_OTHER_WHATSAPP", 400);
    const queueIds = input.queueIds ? [...new Set(input.queueIds)] : undefined;
    await checkReferences(tx, companyId, { ...input, queueIds });
    // the rule holds for the connection as it will be: the queues and greeting sent, or the kept ones
    const queueCount = queueIds ? queueIds.length : await countQueues(tx, companyId, id);
    assertGreetingForQueues(queueCount, input.greetingMessage ?? current.greetingMessage);
    await tx
      .update(whatsapps)
      .set({
        ...rowFields(input),
        ...(input.token !== undefined ? { token: input.token || generateToken() } : {}),
        updatedAt: new Date(),
      })
      .where(and(eq(whatsapps.id, id), eq(whatsapps.companyId, companyId)));
    if (queueIds) {
      await tx.delete(whatsappQueues).where(and(eq(whatsappQueues.whatsappId, id), eq(whatsappQueues.companyId, companyId)));
      if (queueIds.length) await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: id, queueId, companyId })));
    }
    const cleared = input.isDefault && !current.isDefault ? await clearOtherDefaults(tx, companyId, id) : [];
    return [id, ...cleared];
  });
  const rows = await loadConnections(db, companyId, changed);
  await publish(...rows.map((r) => connectionUpdated(companyId, r)));
  return rows.find((r) => r.id === id)!;
}

async function countQueues(db: DbOrTx, companyId: number, whatsappId: number) {
  const [{ n }] = await db
    .select({ n: count() })
    .from(whatsappQueues)
    .where(and(eq(whatsappQueues.whatsappId, whatsappId), eq(whatsappQueues.companyId, companyId)));
  return n;
}
