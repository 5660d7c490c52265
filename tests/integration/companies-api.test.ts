// The super admin's companies API (admin §2.4 Companies, §5 Company form, §7 Companies calls):
// list, read, create with its first admin, edit, and who may call it.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db";
import { companies as companiesTable, settings, users } from "@/db/schema";
import { DEFAULT_SETTINGS } from "@/lib/companies/default-settings";
import { EVENTS } from "@/lib/realtime/channels";
import { createPlan, suffix } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { companies, installCompanyHooks, newCompanyBody, published, setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { raceOnTable } from "../helpers/race";

let w: SuperWorld;
installCompanyHooks();
beforeAll(async () => void (w = await setupSuperAdmin()));

const loginCall = (email: string, password: string) => call(login, { method: "POST", url: "/api/auth/login", body: { email, password } });
const settingsOf = async (companyId: number) =>
  Object.fromEntries((await getDb().select().from(settings).where(eq(settings.companyId, companyId))).map((s) => [s.key, s.value]));

describe("POST /api/companies", () => {
  it("creates the company with its admin (company email + password), default settings, campaignsEnabled and the due date", async () => {
    const body = await newCompanyBody({ email: "Dono-MAIUSCULO-" + suffix() + "@Test.Example", dueDate: "2031-01-31", campaignsEnabled: true, recurrence: "TRIMESTRAL" });
    const res = await companies.create(w.superToken, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: expect.any(Number),
      name: body.name,
      email: body.email.toLowerCase(),
      phone: "31998765432",
      status: true,
      dueDate: "2031-01-31",
      recurrence: "TRIMESTRAL",
      planId: body.planId,
      plan: { id: body.planId, name: expect.any(String) },
      campaignsEnabled: true,
      isOwner: false,
    });
    const [admin] = await getDb().select().from(users).where(eq(users.companyId, res.body.id));
    expect(admin).toMatchObject({ email: body.email.toLowerCase(), name: body.name, profile: "admin", super: false });
    expect(await settingsOf(res.body.id)).toEqual({ ...DEFAULT_SETTINGS, campaignsEnabled: "true" });
    // the new admin signs in with the company's email and the form's password
    const signIn = await loginCall(body.email, "segredo1");
    expect(signIn.status).toBe(200);
    expect(signIn.body.user).toMatchObject({ companyId: res.body.id, profile: "admin" });
  });

  it("takes an empty or null due date as no due date, campaigns off and status on by default", async () => {
    for (const dueDate of [null, "", undefined]) {
      const res = await companies.create(w.superToken, await newCompanyBody({ dueDate }));
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({ dueDate: null, status: true, campaignsEnabled: false, recurrence: "MENSAL" });
      expect((await settingsOf(res.body.id)).campaignsEnabled).toBe("false");
    }
  });

  it("refuses a company name already taken, whatever its case (409 ERR_COMPANY_NAME_EXISTS)", async () => {
    const body = await newCompanyBody();
    expect((await companies.create(w.superToken, body)).status).toBe(200);
    const again = await companies.create(w.superToken, { ...(await newCompanyBody()), name: `  ${body.name.toUpperCase()} ` });
    expect(again).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_NAME_EXISTS" } });
  });

  it("refuses an admin email that already exists (409 ERR_USER_EMAIL_EXISTS) and creates nothing", async () => {
    const body = await newCompanyBody({ email: w.tenant.admin.email.toUpperCase() });
    expect(await companies.create(w.superToken, body)).toMatchObject({ status: 409, body: { error: "ERR_USER_EMAIL_EXISTS" } });
    expect(await getDb().select().from(companiesTable).where(eq(companiesTable.name, body.name))).toEqual([]);
  });

  it("two companies saved at once under one name: one is created, the other answers 409", async () => {
    const [a, b] = [await newCompanyBody(), await newCompanyBody()];
    b.name = a.name.toLowerCase();
    const results = await raceOnTable("companies", 2, () => Promise.all([companies.create(w.superToken, a), companies.create(w.superToken, b)]));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(results.find((r) => r.status === 409)!.body.error).toBe("ERR_COMPANY_NAME_EXISTS");
  });

  it("answers 400 with the field issues for a bad form, and 404 for a plan that does not exist", async () => {
    const res = await companies.create(w.superToken, { name: "A", email: "nope", password: "1", planId: "", dueDate: "2026-02-30", recurrence: "DIARIA" });
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: Json) => [i.path, i.message]));
    expect(issues).toMatchObject({ name: "tooShort", email: "signupInvalidEmail", password: "tooShort", planId: "planRequired", dueDate: "invalidDate", recurrence: "invalidOption" });
    expect(await companies.create(w.superToken, await newCompanyBody({ planId: 2147483647 }))).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
  });
});

describe("GET /api/companies, /api/companies/list and /api/companies/{id}", () => {
  it("pages 20 companies by name with count and hasMore, and searches name or email", async () => {
    const tag = `Paginada ${suffix()}`;
    const plan = await createPlan();
    for (let i = 0; i < 22; i++) {
      expect((await companies.create(w.superToken, { name: `${tag} ${String(i).padStart(2, "0")}`, email: `p${i}-${suffix()}@test.example`, password: "segredo1", planId: plan.id })).status).toBe(200);
    }
    const first = await companies.list(w.superToken, `?searchParam=${encodeURIComponent(tag.toUpperCase())}`);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 22, hasMore: true });
    expect(first.body.companies).toHaveLength(20);
    expect(first.body.companies[0].name).toBe(`${tag} 00`);
    const second = await companies.list(w.superToken, `?searchParam=${encodeURIComponent(tag)}&pageNumber=2`);
    expect(second.body).toMatchObject({ count: 22, hasMore: false });
    expect(second.body.companies.map((c: Json) => c.name)).toEqual([`${tag} 20`, `${tag} 21`]);
    const byEmail = await companies.list(w.superToken, `?searchParam=${encodeURIComponent(w.tenant.admin.email)}`);
    expect(byEmail.body.companies.map((c: Json) => c.id)).toEqual([w.tenant.companyId]);
    expect((await companies.list(w.superToken, "?searchParam=%25")).body.count).toBe(0);
  });

  it("marks the platform owner's company, and lists every company in /list", async () => {
    const all = await companies.listAll(w.superToken);
    expect(all.status).toBe(200);
    const byId = new Map(all.body.map((c: Json) => [c.id, c]));
    expect(byId.get(w.owner.companyId)).toMatchObject({ isOwner: true });
    expect(byId.get(w.tenant.companyId)).toMatchObject({ isOwner: false, name: w.tenant.companyName, campaignsEnabled: true });
  });

  it("reads one company; a missing one is 404", async () => {
    expect(await companies.get(w.superToken, w.tenant.companyId)).toMatchObject({ status: 200, body: { id: w.tenant.companyId, name: w.tenant.companyName } });
    expect(await companies.get(w.superToken, 2147483647)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    expect((await companies.get(w.superToken, "abc")).status).toBe(400);
  });
});

describe("PUT /api/companies/{id}", () => {
  it("edits the fields sent and keeps the others; campaignsEnabled is the company's setting, told to its users", async () => {
    const made = (await companies.create(w.superToken, await newCompanyBody({ dueDate: "2030-05-05" }))).body;
    const plan = await createPlan();
    const res = await companies.update(w.superToken, made.id, { name: `${made.name} Ltda`, planId: plan.id, campaignsEnabled: true, phone: "", recurrence: "ANUAL" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: `${made.name} Ltda`, planId: plan.id, campaignsEnabled: true, phone: null, recurrence: "ANUAL", dueDate: "2030-05-05", email: made.email });
    expect((await settingsOf(made.id)).campaignsEnabled).toBe("true");
    expect(published.find((e) => e.event === EVENTS.settings)).toMatchObject({ data: { setting: { key: "campaignsEnabled", value: "true" } } });
    // a null due date is "no due date"
    expect((await companies.update(w.superToken, made.id, { dueDate: null })).body.dueDate).toBeNull();
  });

  it("keeps names unique (409) but lets a company change its own name's case", async () => {
    const a = (await companies.create(w.superToken, await newCompanyBody())).body;
    const b = (await companies.create(w.superToken, await newCompanyBody())).body;
    expect(await companies.update(w.superToken, b.id, { name: a.name.toUpperCase() })).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_NAME_EXISTS" } });
    expect(await companies.update(w.superToken, a.id, { name: a.name.toUpperCase() })).toMatchObject({ status: 200, body: { name: a.name.toUpperCase() } });
  });

  it("never suspends the owner's company (409 ERR_COMPANY_PROTECTED) and keeps it without a due date", async () => {
    expect(await companies.update(w.superToken, w.owner.companyId, { status: false })).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_PROTECTED" } });
    const res = await companies.update(w.superToken, w.owner.companyId, { dueDate: "2030-01-01" });
    expect(res).toMatchObject({ status: 200, body: { dueDate: null, status: true, isOwner: true } });
  });

  it("answers 404 for a missing company or plan, 400 for a bad value", async () => {
    expect(await companies.update(w.superToken, 2147483647, { name: "Nada" })).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    expect(await companies.update(w.superToken, w.tenant.companyId, { planId: 2147483647 })).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
    expect((await companies.update(w.superToken, w.tenant.companyId, { status: "talvez" })).status).toBe(400);
    expect((await companies.update(w.superToken, w.tenant.companyId, { dueDate: "31/12/2030" })).status).toBe(400);
  });
});

describe("who may call the companies API", () => {
  it("only the platform owner: a company admin and an agent get 403, no credentials 401", async () => {
    const id = w.tenant.companyId;
    const calls = [
      (t: string) => companies.list(t),
      (t: string) => companies.listAll(t),
      (t: string) => companies.get(t, id),
      async (t: string) => companies.create(t, await newCompanyBody()),
      (t: string) => companies.update(t, id, { name: "Tomada" }),
      (t: string) => companies.remove(t, id),
      (t: string) => companies.renew(t, id),
    ];
    for (const run of calls) {
      for (const token of [w.adminToken, w.agentToken]) expect(await run(token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
      expect((await run("")).status).toBe(401);
    }
    const [row] = await getDb().select().from(companiesTable).where(and(eq(companiesTable.id, id)));
    expect(row.name).toBe(w.tenant.companyName);
  });
});
