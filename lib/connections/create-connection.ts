import { and, count, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { whatsappQueues, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getCompanyPlan } from "@/lib/plans/get-company-plan";
import { publish } from "@/lib/realtime/publish";
import { assertGreetingForQueues } from "./assert-greeting";
import { assertProviderAllowed } from "./assert-provider-allowed";
import { checkReferences } from "./check-references";
import { clearOtherDefaults } from "./clear-other-defaults";
import { generateToken } from "./generate-token";
import { loadConnections } from "./load-connections";
import { lockCompanyConnections } from "./lock-company-connections";
import { connectionUpdated } from "./publish-connection";
import { CONNECTION_DEFAULTS, type CreateConnectionInput } from "./schemas";

/**
 * POST /whatsapp. The plan's connection limit holds; a company without a default connection gets
 * this one as its default (so its first connection is the default), and a new default clears the
 * others. Columns left out take the table defaults, which are the spec's (maxUseBotQueues 3, ...).
 * More than one queue needs a greeting (ERR_WAPP_GREETING_REQUIRED).
 */
export async function createConnection(db: DbOrTx, ctx: TenantContext, input: CreateConnectionInput) {
  const { companyId } = ctx;
  const provider = input.provider ?? CONNECTION_DEFAULTS.provider;
  assertProviderAllowed(provider);
  const queueIds = [...new Set(input.queueIds ?? [])];
  const { id, changed } = await db.transaction(async (tx) => {
    await lockCompanyConnections(tx, companyId);
    const plan = await getCompanyPlan(tx, companyId);
    const [{ n }] = await tx.select({ n: count() }).from(whatsapps).where(eq(whatsapps.companyId, companyId));
    if (!plan || n >= plan.connections) throw new AppError("ERR_CONNECTION_LIMIT_REACHED", 403);
    await checkReferences(tx, companyId, { ...input, queueIds });
    assertGreetingForQueues(queueIds.length, input.greetingMessage);
    const [currentDefault] = await tx
      .select({ id: whatsapps.id })
      .from(whatsapps)
      .where(and(eq(whatsapps.companyId, companyId), eq(whatsapps.isDefault, true)));
    const isDefault = Boolean(input.isDefault) || !currentDefault;
    const [row] = await tx
      .insert(whatsapps)
      .values({ ...rowFields(input), name: input.name, companyId, provider, isDefault, token: input.token || generateToken() })
      .returning({ id: whatsapps.id });
    if (queueIds.length) await tx.insert(whatsappQueues).values(queueIds.map((queueId) => ({ whatsappId: row.id, queueId, companyId })));
    const cleared = isDefault ? await clearOtherDefaults(tx, companyId, row.id) : [];
    return { id: row.id, changed: [row.id, ...cleared] };
  });
  const rows = await loadConnections(db, companyId, changed);
  await publish(...rows.map((r) => connectionUpdated(companyId, r)));
  return rows.find((r) => r.id === id)!;
}

/** The row columns of an input, without the keys left out (undefined), the queue links and the token. */
export function rowFields(input: Partial<CreateConnectionInput>) {
  const { queueIds: _queueIds, token: _token, ...fields } = input;
  void _queueIds;
  void _token;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Omit<
    Partial<CreateConnectionInput>,
    "queueIds" | "token"
  >;
}
