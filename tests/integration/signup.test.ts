import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies, settings, users } from "@/db/schema";
import { POST as signup } from "@/app/api/companies/cadastro/route";
import { GET as listPlans } from "@/app/api/plans/list/route";
import { createPlan, loginAs, suffix } from "../helpers/factories";
import { call } from "../helpers/http";
import { dbKind, raceOnTable } from "../helpers/race";

/** yyyy-MM-dd of today + n days in São Paulo, computed without the app's own helpers. */
function saoPauloDatePlus(days: number): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: "America/Sao_Paulo" }).format(new Date());
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const form = (planId: number, extra: Record<string, unknown> = {}) => {
  const s = suffix();
  return { name: `Acme ${s}`, email: `owner-${s}@test.example`, phone: "11987654321", password: "secret1", planId, ...extra };
};
const post = (body: unknown) => call(signup, { method: "POST", url: "/api/companies/cadastro", body });

async function companyOf(email: string) {
  const [admin] = await getDb().select().from(users).where(eq(users.email, email.toLowerCase()));
  const [company] = await getDb().select().from(companies).where(eq(companies.id, admin.companyId));
  return { admin, company };
}

describe("POST /api/companies/cadastro", () => {
  it("creates the company and its admin on a 3-day trial, MENSAL, campaigns on", async () => {
    const plan = await createPlan();
    const body = form(plan.id);
    const res = await post(body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: expect.any(Number), name: body.name, dueDate: saoPauloDatePlus(3) });
    const { admin, company } = await companyOf(body.email);
    expect(company).toMatchObject({ id: res.body.id, planId: plan.id, dueDate: saoPauloDatePlus(3), recurrence: "MENSAL", status: true });
    expect(admin).toMatchObject({ profile: "admin", super: false, companyId: company.id, name: body.name });
    expect(admin.passwordHash).not.toContain(body.password);
    const rows = await getDb().select().from(settings).where(eq(settings.companyId, company.id));
    expect(rows.find((r) => r.key === "campaignsEnabled")?.value).toBe("true");
  });

  it("ignores a dueDate (and other extras) sent by the client", async () => {
    const plan = await createPlan();
    const body = form(plan.id, { dueDate: "2099-12-31", recurrence: "ANUAL", status: false, super: true });
    const res = await post(body);
    expect(res.status).toBe(200);
    const { admin, company } = await companyOf(body.email);
    expect(company.dueDate).toBe(saoPauloDatePlus(3));
    expect(company.recurrence).toBe("MENSAL");
    expect(company.status).toBe(true);
    expect(admin.super).toBe(false);
  });

  it("lets the new admin log in", async () => {
    const plan = await createPlan();
    const body = form(plan.id);
    expect((await post(body)).status).toBe(200);
    const s = await loginAs({ email: body.email, password: body.password });
    expect(s.user).toMatchObject({ profile: "admin", company: { name: body.name, dueDate: saoPauloDatePlus(3) } });
  });

  it("accepts a masked phone and stores its digits", async () => {
    const plan = await createPlan();
    const body = form(plan.id, { phone: "(11) 98765-4321" });
    expect((await post(body)).status).toBe(200);
    expect((await companyOf(body.email)).company.phone).toBe("11987654321");
  });

  it("refuses a 9-digit phone with the field issue", async () => {
    const plan = await createPlan();
    const res = await post(form(plan.id, { phone: "987654321" }));
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
    expect(res.body.issues).toEqual([{ path: "phone", message: "phoneDigits" }]);
  });

  it("refuses an email already used by any user, whatever its case", async () => {
    const plan = await createPlan();
    const first = form(plan.id);
    expect((await post(first)).status).toBe(200);
    const res = await post(form(plan.id, { email: first.email.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ error: "ERR_USER_EMAIL_EXISTS" });
    const count = await getDb().select().from(companies).where(eq(companies.email, first.email.toUpperCase()));
    expect(count).toHaveLength(0);
  });

  it("answers 409, not 500, when two sign-ups race for one email", async ({ skip }) => {
    skip(dbKind() === "pglite", "needs a real server: PGlite's one session never makes writers wait on a lock");
    const plan = await createPlan();
    const body = form(plan.id);
    const results = await raceOnTable("users", 2, () => Promise.all([post(body), post({ ...body, name: `${body.name} 2` })]));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status !== 200)?.body).toEqual({ error: "ERR_USER_EMAIL_EXISTS" });
    const owners = await getDb().select().from(users).where(eq(users.email, body.email));
    expect(owners).toHaveLength(1);
  });

  it("answers 404 for an unknown or non-public plan", async () => {
    expect(await post(form(999_999))).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
    const hidden = await createPlan({ isPublic: false });
    expect((await post(form(hidden.id))).status).toBe(404);
  });

  it("lists validation issues for a bad form", async () => {
    const res = await post({ name: "A", email: "x", phone: "", password: "1", planId: "" });
    expect(res.status).toBe(400);
    const paths = res.body.issues.map((i: { path: string }) => i.path);
    expect(paths).toEqual(expect.arrayContaining(["name", "email", "phone", "password", "planId"]));
  });
});

describe("GET /api/plans/list", () => {
  it("answers the public plans without credentials", async () => {
    const shown = await createPlan();
    const hidden = await createPlan({ isPublic: false });
    const res = await call(listPlans, { url: "/api/plans/list" });
    expect(res.status).toBe(200);
    const ids = res.body.map((p: { id: number }) => p.id);
    expect(ids).toContain(shown.id);
    expect(ids).not.toContain(hidden.id);
    expect(res.body.find((p: { id: number }) => p.id === shown.id)).toMatchObject({ name: shown.name, users: 50, connections: 5, queues: 10, value: 99.9 });
  });
});
