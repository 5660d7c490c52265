import { getDb, rawClient } from "@/db";
import { AppError } from "@/lib/api/errors";
import type { Profile, TenantContext } from "@/lib/api/context";
import { featuresOf, type Features } from "@/lib/plans/features";
import { assertCompanyActive } from "./assert-company-active";
import { sessionCookieName } from "./cookies";
import { readAccessToken } from "./tokens";

/** The bearer token if sent, else the session cookie (a bearer header wins: API clients send it). */
export function tokenFromRequest(req: Request): string | null {
  const auth = req.headers.get("authorization");
  if (auth?.toLowerCase().startsWith("bearer ")) return auth.slice(7).trim() || null;
  const cookie = req.headers.get("cookie");
  if (!cookie) return null;
  const name = sessionCookieName();
  for (const part of cookie.split(";")) {
    const [k, ...v] = part.trim().split("=");
    if (k === name) return decodeURIComponent(v.join("="));
  }
  return null;
}

/**
 * Builds the tenant context from a token. No token: 401 (the client clears its session).
 * Invalid, expired or outdated token (logged in elsewhere): 403 (the client refreshes once). A
 * company past its due date: 402 ERR_SUBSCRIPTION_EXPIRED; disabled: 403 ERR_COMPANY_INACTIVE.
 */
export async function contextFromToken(token: string | null): Promise<TenantContext> {
  if (!token) throw new AppError("ERR_SESSION_EXPIRED", 401);
  const claims = await readAccessToken(token);
  if (!claims) throw new AppError("ERR_SESSION_EXPIRED", 403);
  const [row] = await selectContextRow(claims.id);
  if (!row || row.companyId !== claims.companyId) throw new AppError("ERR_SESSION_EXPIRED", 403);
  // before the token version: suspending a company also ends its sessions (the version moves), and
  // a page that asks before the `auth` event reaches it must learn the reason, not a bare expiry
  assertCompanyActive({ status: row.status, dueDate: row.dueDate, timezone: row.timezone });
  if (row.tokenVersion !== claims.tv) throw new AppError("ERR_SESSION_EXPIRED", 403);
  return {
    companyId: row.companyId,
    userId: row.id,
    profile: row.profile as Profile,
    super: row.super,
    queueIds: (row.queueIds ?? []).map(Number),
    sessionId: claims.sid,
    features: featuresOf(row),
  };
}

export const contextFromRequest = (req: Request) => contextFromToken(tokenFromRequest(req));

type ContextRow = {
  id: number;
  companyId: number;
  profile: string;
  super: boolean;
  tokenVersion: number;
  queueIds: number[] | null;
  status: boolean;
  dueDate: string | null;
  timezone: string;
} & Features;

/**
 * The user and their company in one statement, on every authenticated request. Raw SQL through
 * postgres.js (a prepared statement where the database allows it), as ARCHITECTURE allows for
 * measured hot paths: `npm run bench` showed drizzle's joined select costing about 0.5 ms more than
 * the same statement here. The company's status and due date are read so that a session opened
 * before the due date, or before the company was disabled, ends with login's answer; the plan's
 * flags and the campaigns setting are read here too, so the plan gates (lib/plans/route-gates.ts)
 * cost no second query. The flag columns are listed by hand (a prepared statement's text is fixed):
 * tests/unit/plan-gates.test.ts checks them against PLAN_FLAGS.
 */
function selectContextRow(userId: number) {
  return rawClient(getDb())<ContextRow[]>`
    select u.id, u.company_id as "companyId", u.profile, u.super, u.token_version as "tokenVersion",
      coalesce((select array_agg(uq.queue_id) from user_queues uq where uq.user_id = u.id), '{}') as "queueIds",
      c.status, c.due_date::text as "dueDate", c.timezone,
      p.use_campaigns as "useCampaigns", p.use_kanban as "useKanban", p.use_open_ai as "useOpenAi",
      p.use_integrations as "useIntegrations", p.use_schedules as "useSchedules",
      p.use_internal_chat as "useInternalChat", p.use_external_api as "useExternalApi",
      exists(select 1 from settings s where s.company_id = u.company_id and s.key = 'campaignsEnabled' and s.value = 'true') as "campaignsEnabled"
    from users u join companies c on c.id = u.company_id join plans p on p.id = c.plan_id
    where u.id = ${userId}`;
}
