import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { Features } from "./features";

/** A company's features (plan flags + campaigns setting), or null for a company that does not exist. */
export async function loadFeatures(db: DbOrTx, companyId: number): Promise<Features | null> {
  const rows = await db.execute(sql`
    select p.use_campaigns as "useCampaigns", p.use_kanban as "useKanban", p.use_open_ai as "useOpenAi",
      p.use_integrations as "useIntegrations", p.use_schedules as "useSchedules",
      p.use_internal_chat as "useInternalChat", p.use_external_api as "useExternalApi",
      exists(select 1 from settings s where s.company_id = c.id and s.key = 'campaignsEnabled' and s.value = 'true') as "campaignsEnabled"
    from companies c join plans p on p.id = c.plan_id
    where c.id = ${companyId}`);
  return (rows as unknown as Features[])[0] ?? null;
}
