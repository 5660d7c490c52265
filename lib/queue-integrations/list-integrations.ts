import { and, asc, count, eq, ilike, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { queueIntegrations } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import type { IntegrationRow } from "./integration-view";
import type { IntegrationType } from "./schemas";

export const INTEGRATIONS_PAGE_SIZE = PAGE_SIZE.default;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /queueIntegration: `{ queueIntegrations, count, hasMore }` by name, searched by name; rows carry the last error. */
export async function listIntegrations(db: DbOrTx, ctx: TenantContext, searchParam: string, pageNumber: number) {
  const conditions: SQL[] = [eq(queueIntegrations.companyId, ctx.companyId)];
  const term = searchParam.trim();
  if (term) conditions.push(ilike(queueIntegrations.name, `%${escapeLike(term)}%`));
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, INTEGRATIONS_PAGE_SIZE);
  const columns = {
    id: queueIntegrations.id,
    type: queueIntegrations.type,
    name: queueIntegrations.name,
    projectName: queueIntegrations.projectName,
    language: queueIntegrations.language,
    urlN8N: queueIntegrations.urlN8N,
    lastError: queueIntegrations.lastError,
    lastErrorAt: queueIntegrations.lastErrorAt,
  };
  const [rows, [{ total }]] = await Promise.all([
    db.select(columns).from(queueIntegrations).where(where).orderBy(asc(queueIntegrations.name), asc(queueIntegrations.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(queueIntegrations).where(where),
  ]);
  const items = rows.map((r) => ({ ...r, type: r.type as IntegrationType })) satisfies IntegrationRow[];
  return pageResult("queueIntegrations", items, total, pageNumber, INTEGRATIONS_PAGE_SIZE);
}
