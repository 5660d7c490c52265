import { getDb, rawClient } from "@/db";
import { assertCompanyActive } from "@/lib/auth/assert-company-active";
import { countAttempt, FIFTEEN_MINUTES } from "@/lib/auth/attempt-limit";
import { clientAddress } from "@/lib/auth/client-address";
import { featuresOf, type Features } from "@/lib/plans/features";
import { AppError } from "./errors";

/** Who calls a `connection-token` route: a WhatsApp connection, by its token (the external API). */
export type ConnectionContext = { companyId: number; whatsappId: number; features: Features };

type Row = { id: number; companyId: number; status: boolean; dueDate: string | null; timezone: string } & Features;

/**
 * `Authorization: Bearer <connection token>` -> the connection and its company; no or unknown token:
 * 401 ERR_INVALID_TOKEN. A suspended or past-due company gets login's refusal, as its users do. The
 * plan flags come with it, for the route gates (lib/plans/route-gates.ts).
 */
export async function connectionFromRequest(req: Request): Promise<ConnectionContext> {
  const auth = req.headers.get("authorization");
  const token = auth?.toLowerCase().startsWith("bearer ") ? auth.slice(7).trim() : "";
  if (!token || token.includes("\u0000")) return refuse(req);
  const [row] = await rawClient(getDb())<Row[]>`
    select w.id, w.company_id as "companyId", c.status, c.due_date::text as "dueDate", c.timezone,
      p.use_campaigns as "useCampaigns", p.use_kanban as "useKanban", p.use_open_ai as "useOpenAi",
      p.use_integrations as "useIntegrations", p.use_schedules as "useSchedules",
      p.use_internal_chat as "useInternalChat", p.use_external_api as "useExternalApi",
      exists(select 1 from settings s where s.company_id = w.company_id and s.key = 'campaignsEnabled' and s.value = 'true') as "campaignsEnabled"
    from whatsapps w join companies c on c.id = w.company_id join plans p on p.id = c.plan_id
    where w.token = ${token}`;
  if (!row) return refuse(req);
  assertCompanyActive(row);
  return { companyId: row.companyId, whatsappId: row.id, features: featuresOf(row) };
}

/**
 * Failed token attempts are limited like login's per-address bound (100 in 15 minutes, then 429
 * with Retry-After). Only failures count, so a working integration is never slowed; a valid token
 * still passes from a refused address (tokens are random, guessing one is hopeless anyway).
 */
async function refuse(req: Request): Promise<never> {
  const key = clientAddress(req.headers);
  await countAttempt(getDb(), [{ bucket: "api-token-address", key, limit: 100, windowMs: FIFTEEN_MINUTES }]);
  throw new AppError("ERR_INVALID_TOKEN", 401);
}
