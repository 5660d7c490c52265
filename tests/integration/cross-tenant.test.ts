import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { GET as listPlan } from "@/app/api/companies/listPlan/[companyId]/route";
import { GET as getUserRoute, PUT as putUser } from "@/app/api/users/[id]/route";
import { GET as listAll } from "@/app/api/users/list/route";
import { GET as listUsers } from "@/app/api/users/route";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// spec: a user of company A gets 404 for company B's resources, as if they did not exist
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ plan: { useKanban: false } }), createTenant()]);
  adminA = (await loginAs(a.admin)).token;
  agentA = (await loginAs(a.agent)).token;
});

const plan = (token: string, companyId: number) =>
  call(listPlan, { url: `/api/companies/listPlan/${companyId}`, token, params: { companyId } });

describe("users of another company", () => {
  it("GET /api/users/{id} answers 404 for B's users, to admins and agents", async () => {
    for (const token of [adminA, agentA]) {
      for (const id of [b.admin.id, b.agent.id]) {
        const res = await call(getUserRoute, { url: `/api/users/${id}`, token, params: { id } });
        expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
      }
    }
  });

  it("PUT /api/users/{id} answers 404 and changes nothing", async () => {
    const res = await call(putUser, {
      method: "PUT",
      url: `/api/users/${b.agent.id}`,
      token: adminA,
      params: { id: b.agent.id },
      body: { name: "Taken Over", email: b.agent.email, profile: "admin", password: "owned-123" },
    });
    expect(res.status).toBe(404);
    const [row] = await getDb().select().from(users).where(eq(users.id, b.agent.id));
    expect(row).toMatchObject({ name: b.agent.name, profile: "user", companyId: b.companyId });
    // B's agent still logs in with the old password
    await expect(loginAs(b.agent)).resolves.toBeTruthy();
  });

  it("lists never show B's users, even when searched for", async () => {
    const page = await call(listUsers, { url: `/api/users?searchParam=${encodeURIComponent(b.admin.email)}`, token: adminA });
    expect(page.body).toEqual({ users: [], count: 0, hasMore: false });
    const full = await call(listUsers, { url: "/api/users", token: adminA });
    const ids = full.body.users.map((u: { id: number }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([a.admin.id, a.agent.id]));
    expect(ids).not.toContain(b.admin.id);
    expect(ids).not.toContain(b.agent.id);
    const all = await call(listAll, { url: "/api/users/list", token: agentA });
    expect(all.body.map((u: { id: number }) => u.id).sort()).toEqual([a.admin.id, a.agent.id].sort());
  });

  it("a companyId of B in the query or body answers 404", async () => {
    expect((await call(listUsers, { url: `/api/users?companyId=${b.companyId}`, token: adminA })).status).toBe(404);
    expect((await call(listAll, { url: `/api/users/list?companyId=${b.companyId}`, token: agentA })).status).toBe(404);
    const res = await call(putUser, {
      method: "PUT",
      url: `/api/users/${a.agent.id}`,
      token: adminA,
      params: { id: a.agent.id },
      body: { name: a.agent.name, email: a.agent.email, companyId: b.companyId },
    });
    expect(res.status).toBe(404);
  });

  it("a user of A cannot be pointed at B's connection", async () => {
    const res = await call(putUser, {
      method: "PUT",
      url: `/api/users/${a.agent.id}`,
      token: adminA,
      params: { id: a.agent.id },
      body: { name: a.agent.name, email: a.agent.email, whatsappId: b.whatsappId },
    });
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
  });
});

describe("GET /api/companies/listPlan/{companyId}", () => {
  it("answers the caller's own plan with its flags", async () => {
    const res = await plan(agentA, a.companyId);
    expect(res.status).toBe(200);
    expect(res.body.plan).toMatchObject({ id: a.planId, useKanban: false, useCampaigns: true });
  });

  it("answers 404 for another company's plan", async () => {
    expect(await plan(adminA, b.companyId)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await plan(agentA, b.companyId)).status).toBe(404);
  });

  it("lets a super admin read any company's plan", async () => {
    await getDb().update(users).set({ super: true }).where(eq(users.id, a.admin.id));
    const res = await plan(adminA, b.companyId);
    expect(res.status).toBe(200);
    expect(res.body.plan.id).toBe(b.planId);
  });
});
