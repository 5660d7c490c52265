// Shared setup of the super admin's companies, plans and helps API tests (admin §2.4, §7).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/companies/[id]/route";
import { POST as renewRoute } from "@/app/api/companies/[id]/renew/route";
import { GET as listAllRoute } from "@/app/api/companies/list/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/companies/route";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createPlan, createTenant, createUsers, loginAs, suffix, type Tenant } from "./factories";
import { call, type Json } from "./http";

export const published: RealtimeEvent[] = [];

/** Call at the top of a test file: captures published events, cleared before each test. */
export function installCompanyHooks() {
  beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
  afterAll(() => setRealtimeSink(null));
  beforeEach(() => void (published.length = 0));
}

/**
 * The platform owner (a super user in its own company, as the first start makes it) and an
 * ordinary tenant whose admin and agent are signed in.
 */
export async function setupSuperAdmin() {
  const owner = await createTenant();
  const [root] = await createUsers(owner.companyId, 1, "Root");
  await getDb().update(users).set({ super: true, profile: "admin" }).where(eq(users.id, root.id));
  const tenant = await createTenant();
  const [superSession, admin, agent] = await Promise.all([loginAs(root), loginAs(tenant.admin), loginAs(tenant.agent)]);
  return { owner, tenant, root, superToken: superSession.token, adminToken: admin.token, agentToken: agent.token };
}

export type SuperWorld = Awaited<ReturnType<typeof setupSuperAdmin>>;

export const companies = {
  list: (token: string, query = "") => call(listRoute, { url: `/api/companies${query}`, token }),
  listAll: (token: string) => call(listAllRoute, { url: "/api/companies/list", token }),
  get: (token: string, id: number | string) => call(getRoute, { url: `/api/companies/${id}`, token, params: { id } }),
  create: (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/companies", token, body }),
  update: (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/companies/${id}`, token, params: { id }, body }),
  remove: (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/companies/${id}`, token, params: { id } }),
  renew: (token: string, id: number) => call(renewRoute, { method: "POST", url: `/api/companies/${id}/renew`, token, params: { id } }),
};

/** A valid POST /companies body on a fresh plan, with a unique name and email. */
export async function newCompanyBody(extra: Json = {}) {
  const s = suffix();
  const plan = await createPlan();
  return { name: `Cliente ${s}`, email: `dono-${s}@test.example`, password: "segredo1", phone: "(31) 99876-5432", planId: plan.id, ...extra };
}

export type { Tenant };
