import { getDb } from "@/db";
import { helps } from "@/db/schema";
import { createCompany } from "@/lib/companies/create-company";
import { createPlan, suffix, type Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// The super admin's companies, plans and helps routes of issue 13. Super routes act across
// companies by design (the tenant sweep skips them); their valid call is the platform owner's (a
// super user of A, whose company is therefore protected): the writes go to spare companies and
// plans seeded here, never to A's own company or plan, so no variant suspends A or turns its flags off.
const x = (r: Resources, key: string) => Number(r.extra[`admin.${key}`]);
const id = (n: number) => ({ id: n });

async function seed(t: Tenant, marker: string) {
  const spare = async (name: string) =>
    (
      await createCompany(getDb(), {
        name: `${name} ${marker}`,
        email: `${name.toLowerCase()}-${suffix()}@test.example`,
        planId: t.planId,
        dueDate: "2030-01-01",
        admin: { name: `${name} ${marker}`, email: `${name.toLowerCase()}-${suffix()}@test.example`, password: "secret1" },
      })
    ).company.id;
  const [companyId, delCompanyId] = [await spare("Spare"), await spare("Gone")];
  const [plan, delPlan] = [await createPlan(), await createPlan()];
  // helps are global: every user reads them (GET /helps), so they carry no company's marker
  const [help, delHelp] = await getDb()
    .insert(helps)
    .values([{ title: "Ajuda da varredura" }, { title: "Ajuda removida" }])
    .returning({ id: helps.id });
  return {
    "admin.companyId": companyId,
    "admin.delCompanyId": delCompanyId,
    "admin.planId": plan.id,
    "admin.delPlanId": delPlan.id,
    "admin.helpId": help.id,
    "admin.delHelpId": delHelp.id,
  };
}

const fixtures: Record<string, Fixture> = {
  // companies
  "GET /api/companies": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/companies": {
    build: (r) => ({
      body: {
        name: `Empresa ${suffix()}`,
        email: `empresa-${suffix()}@test.example`,
        password: "secret1",
        phone: "31999998888",
        planId: r.planId,
        status: true,
        campaignsEnabled: false,
        dueDate: "2030-01-01",
        recurrence: "MENSAL",
      },
    }),
  },
  "GET /api/companies/list": { build: () => ({}) },
  "GET /api/companies/[id]": { build: (r) => ({ params: id(r.companyId) }) },
  "PUT /api/companies/[id]": {
    build: (r) => ({
      params: id(x(r, "companyId")),
      body: { name: `Spare edited ${suffix()}`, email: "spare@test.example", phone: "", planId: r.planId, status: true, campaignsEnabled: true, dueDate: "2031-01-01", recurrence: "MENSAL" },
    }),
  },
  "DELETE /api/companies/[id]": { build: (r) => ({ params: id(x(r, "delCompanyId")) }) },
  "POST /api/companies/[id]/renew": { build: (r) => ({ params: id(x(r, "companyId")) }) },

  // plans
  "GET /api/plans/all": { build: () => ({}) },
  "POST /api/plans": { build: () => ({ body: { name: `Plano ${suffix()}`, users: 5, connections: 2, queues: 3, value: "99,90", useKanban: true, isPublic: false } }) },
  "GET /api/plans/[id]": { build: (r) => ({ params: id(r.planId) }) },
  "PUT /api/plans/[id]": { build: (r) => ({ params: id(x(r, "planId")), body: { name: `Plano ${suffix()}`, users: 7, value: 10, useKanban: true } }) },
  "DELETE /api/plans/[id]": { build: (r) => ({ params: id(x(r, "delPlanId")) }) },

  // helps: GET for every signed-in user, the writes for the platform owner
  "GET /api/helps": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/helps": { build: () => ({ body: { title: "Nova ajuda", video: "aqz-KE-bpKQ", description: "Vídeo" } }) },
  "PUT /api/helps/[id]": { build: (r) => ({ params: id(x(r, "helpId")), body: { title: "Ajuda editada", video: "eRsGyueVLvQ", description: "" } }) },
  "DELETE /api/helps/[id]": { build: (r) => ({ params: id(x(r, "delHelpId")) }) },
};

export const adminArea: SweepArea = { publicRoutes: [], fixtures, seed };
