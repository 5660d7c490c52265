// POST /api/companies/{id}/renew ("+ Vencimento", admin §2.4): one recurrence step from the later of
// today (the company's timezone) and the current due date.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { getDb } from "@/db";
import { companies as companiesTable } from "@/db/schema";
import { addMonthsToDate } from "@/lib/companies/recurrence";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant } from "../helpers/factories";
import { companies, setupSuperAdmin, type SuperWorld } from "../helpers/companies-env";
import { call } from "../helpers/http";

let w: SuperWorld;
beforeAll(async () => void (w = await setupSuperAdmin()));

const TZ = "Pacific/Kiritimati"; // UTC+14: its today is often São Paulo's tomorrow
const set = (id: number, values: Partial<typeof companiesTable.$inferInsert>) => getDb().update(companiesTable).set(values).where(eq(companiesTable.id, id));

describe("POST /api/companies/{id}/renew", () => {
  it("adds a month to a due date still ahead", async () => {
    const due = addDaysToDate(todayIn(), 10);
    const t = await createTenant({ dueDate: due });
    const res = await companies.renew(w.superToken, t.companyId);
    expect(res).toMatchObject({ status: 200, body: { id: t.companyId, dueDate: addMonthsToDate(due, 1) } });
    // and again from there
    expect((await companies.renew(w.superToken, t.companyId)).body.dueDate).toBe(addMonthsToDate(due, 2));
  });

  it("counts from today (in the company's timezone) when the due date has passed or there is none", async () => {
    const today = todayIn(TZ);
    const late = await createTenant({ dueDate: addDaysToDate(today, -20), timezone: TZ });
    expect((await companies.renew(w.superToken, late.companyId)).body.dueDate).toBe(addMonthsToDate(today, 1));
    const none = await createTenant({ dueDate: null, timezone: TZ });
    expect((await companies.renew(w.superToken, none.companyId)).body.dueDate).toBe(addMonthsToDate(today, 1));
  });

  it("steps by the company's recurrence", async () => {
    const due = addDaysToDate(todayIn(), 3);
    for (const [recurrence, months] of [["BIMESTRAL", 2], ["TRIMESTRAL", 3], ["SEMESTRAL", 6], ["ANUAL", 12]] as const) {
      const t = await createTenant({ dueDate: due });
      await set(t.companyId, { recurrence });
      expect((await companies.renew(w.superToken, t.companyId)).body.dueDate, recurrence).toBe(addMonthsToDate(due, months));
    }
  });

  it("lets an expired company's users in again", async () => {
    const t = await createTenant({ dueDate: addDaysToDate(todayIn(), -1) });
    const body = { email: t.agent.email, password: t.agent.password };
    expect((await call(login, { method: "POST", url: "/api/auth/login", body })).status).toBe(402);
    await companies.renew(w.superToken, t.companyId);
    expect((await call(login, { method: "POST", url: "/api/auth/login", body })).status).toBe(200);
  });

  it("refuses the owner's company (no due date to renew) and answers 404 for a missing one", async () => {
    expect(await companies.renew(w.superToken, w.owner.companyId)).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_PROTECTED" } });
    expect(await companies.renew(w.superToken, 2147483647)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
  });
});
