// The super admin's plans API (core §7 plans calls; admin §2.4 Plans tab, §3 Plan): every plan,
// one plan, create (every flag on), edit, delete (refused while a company is on it).
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/plans/[id]/route";
import { GET as allRoute } from "@/app/api/plans/all/route";
import { GET as publicRoute } from "@/app/api/plans/list/route";
import { POST as postRoute } from "@/app/api/plans/route";
import { getDb } from "@/db";
import { invoices, plans as plansTable } from "@/db/schema";
import { PLAN_FLAGS } from "@/lib/plans/features";
import { createPlan, createTenant, suffix } from "../helpers/factories";
import { companies, newCompanyBody, setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { call, type Json } from "../helpers/http";
import { raceOnTable } from "../helpers/race";

let w: SuperWorld;
beforeAll(async () => void (w = await setupSuperAdmin()));

const plans = {
  all: (token: string) => call(allRoute, { url: "/api/plans/all", token }),
  get: (token: string, id: number) => call(getRoute, { url: `/api/plans/${id}`, token, params: { id } }),
  create: (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/plans", token, body }),
  update: (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/plans/${id}`, token, params: { id }, body }),
  remove: (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/plans/${id}`, token, params: { id } }),
};
const body = (extra: Json = {}) => ({ name: `Plano ${suffix()}`, users: 5, connections: 2, queues: 4, value: "149,90", ...extra });

describe("POST /api/plans", () => {
  it("creates a plan with every flag on unless sent off, the price read as typed in pt-BR", async () => {
    const b = body({ useOpenAi: false, isPublic: false });
    const res = await plans.create(w.superToken, b);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: b.name, users: 5, connections: 2, queues: 4, value: 149.9, isPublic: false, useOpenAi: false });
    for (const f of PLAN_FLAGS.filter((f) => f !== "useOpenAi")) expect(res.body[f], f).toBe(true);
    // not public: not offered on sign-up
    const offered = (await call(publicRoute, { url: "/api/plans/list" })).body.map((p: Json) => p.id);
    expect(offered).not.toContain(res.body.id);
  });

  it("refuses a name already taken, whatever its case (409 ERR_PLAN_NAME_EXISTS), also when two are saved at once", async () => {
    const b = body();
    expect((await plans.create(w.superToken, b)).status).toBe(200);
    expect(await plans.create(w.superToken, body({ name: b.name.toUpperCase() }))).toMatchObject({ status: 409, body: { error: "ERR_PLAN_NAME_EXISTS" } });
    const name = `Corrida ${suffix()}`;
    const results = await raceOnTable("plans", 2, () => Promise.all([plans.create(w.superToken, body({ name })), plans.create(w.superToken, body({ name: name.toLowerCase() }))]));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("answers 400 with the field issues", async () => {
    const res = await plans.create(w.superToken, { name: "", users: -1, connections: "dois", queues: 1.5, value: "R$ abc", useKanban: "talvez" });
    expect(res.status).toBe(400);
    expect(Object.fromEntries(res.body.issues.map((i: Json) => [i.path, i.message]))).toMatchObject({
      name: "tooShort",
      users: "wholeNumber",
      connections: "wholeNumber",
      queues: "wholeNumber",
      value: "invalidAmount",
      useKanban: "invalidOption",
    });
  });
});

describe("GET /api/plans/all and /api/plans/{id}", () => {
  it("answers every plan, public or not, with limits and flags; one plan by id; 404 for a missing one", async () => {
    const hidden = await createPlan({ isPublic: false, useKanban: false });
    const all = await plans.all(w.superToken);
    expect(all.status).toBe(200);
    expect(all.body.find((p: Json) => p.id === hidden.id)).toMatchObject({ name: hidden.name, isPublic: false, useKanban: false, value: 99.9 });
    expect(await plans.get(w.superToken, hidden.id)).toMatchObject({ status: 200, body: { id: hidden.id, users: 50 } });
    expect(await plans.get(w.superToken, 2147483647)).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
  });
});

describe("PUT /api/plans/{id}", () => {
  it("changes what is sent and keeps the rest; lowering a limit below use removes nothing", async () => {
    const t = await createTenant();
    const res = await plans.update(w.superToken, t.planId, { users: 0, value: 10, useSchedules: false });
    expect(res).toMatchObject({ status: 200, body: { users: 0, value: 10, useSchedules: false, connections: 5, useKanban: true } });
    expect((await companies.get(w.superToken, t.companyId)).body.planId).toBe(t.planId);
  });

  it("keeps names unique (409), lets a plan change its own name's case, 404 for a missing one", async () => {
    const [a, b] = [await createPlan(), await createPlan()];
    expect(await plans.update(w.superToken, b.id, { name: a.name.toLowerCase() })).toMatchObject({ status: 409, body: { error: "ERR_PLAN_NAME_EXISTS" } });
    expect(await plans.update(w.superToken, a.id, { name: a.name.toUpperCase() })).toMatchObject({ status: 200, body: { name: a.name.toUpperCase() } });
    expect(await plans.update(w.superToken, 2147483647, { users: 1 })).toMatchObject({ status: 404 });
  });
});

describe("DELETE /api/plans/{id}", () => {
  it("deletes a plan no company is on; its invoices keep their amounts", async () => {
    const plan = await createPlan();
    const [inv] = await getDb().insert(invoices).values({ companyId: w.tenant.companyId, value: 10, dueDate: "2031-01-01", planId: plan.id }).returning();
    expect(await plans.remove(w.superToken, plan.id)).toMatchObject({ status: 200, body: { ok: true } });
    expect(await getDb().select().from(plansTable).where(eq(plansTable.id, plan.id))).toEqual([]);
    expect((await getDb().select().from(invoices).where(eq(invoices.id, inv.id)))[0]).toMatchObject({ value: 10, planId: null });
    expect(await plans.remove(w.superToken, plan.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
  });

  it("refuses a plan a company is on (409 ERR_PLAN_IN_USE)", async () => {
    const t = await createTenant();
    expect(await plans.remove(w.superToken, t.planId)).toMatchObject({ status: 409, body: { error: "ERR_PLAN_IN_USE", companies: 1 } });
    expect((await plans.get(w.superToken, t.planId)).status).toBe(200);
  });

  it("a company created on a plan while it is deleted: the plan stays (409) or the company is refused (404), never both gone", async () => {
    const plan = await createPlan();
    const company = await newCompanyBody({ planId: plan.id });
    const [del, made] = await Promise.all([plans.remove(w.superToken, plan.id), companies.create(w.superToken, company)]);
    expect([del.status, made.status].sort()).toEqual(del.status === 200 ? [200, 404] : [200, 409]);
  });
});

describe("who may call the plans API", () => {
  it("only the platform owner: a company admin and an agent get 403, no credentials 401", async () => {
    const id = w.tenant.planId;
    const runs = [(t: string) => plans.all(t), (t: string) => plans.get(t, id), (t: string) => plans.create(t, body()), (t: string) => plans.update(t, id, { users: 1 }), (t: string) => plans.remove(t, id)];
    for (const run of runs) {
      for (const token of [w.adminToken, w.agentToken]) expect(await run(token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect((await run("")).status).toBe(401);
    }
    expect((await plans.get(w.superToken, id)).body.users).toBe(50);
  });
});
