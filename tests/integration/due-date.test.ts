// issue 12 (spec core §4: the due date must be in the future): on its due date, in its timezone, a
// company is expired: login and refresh refuse it, and so does every authenticated request of a
// session opened before, with login's 402 ERR_SUBSCRIPTION_EXPIRED and the date.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { POST as login } from "@/app/api/auth/login/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh_token/route";
import { GET as listTags } from "@/app/api/tags/route";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant, loginAs } from "../helpers/factories";
import { call } from "../helpers/http";

const TZ = "Pacific/Kiritimati"; // UTC+14: its today is often São Paulo's tomorrow
const loginCall = (email: string, password: string) => call(login, { method: "POST", url: "/api/auth/login", body: { email, password } });

describe("the due date", () => {
  it("refuses login on the due date itself, in the company's timezone", async () => {
    const today = todayIn(TZ);
    const t = await createTenant({ timezone: TZ, dueDate: today });
    expect(await loginCall(t.admin.email, t.admin.password)).toMatchObject({
      status: 402,
      body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: today },
    });
    const ok = await createTenant({ timezone: TZ, dueDate: addDaysToDate(today, 1) });
    expect((await loginCall(ok.admin.email, ok.admin.password)).status).toBe(200);
  });

  it("ends an open session when the due date arrives: refresh and every request answer 402", async () => {
    const t = await createTenant({ timezone: TZ, dueDate: addDaysToDate(todayIn(TZ), 1) });
    const s = await loginAs(t.agent);
    expect((await call(me, { url: "/api/auth/me", token: s.token })).status).toBe(200);

    const today = todayIn(TZ);
    await getDb().update(companies).set({ dueDate: today }).where(eq(companies.id, t.companyId));
    const expired = { status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: today } };
    expect(await call(me, { url: "/api/auth/me", token: s.token })).toMatchObject(expired);
    expect(await call(listTags, { url: "/api/tags", cookie: s.cookies })).toMatchObject(expired);
    expect(await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: s.cookies })).toMatchObject(expired);

    // renewed: the same session works again
    await getDb().update(companies).set({ dueDate: addDaysToDate(today, 30) }).where(eq(companies.id, t.companyId));
    expect((await call(me, { url: "/api/auth/me", token: s.token })).status).toBe(200);
  });

  it("refuses every request of a company made inactive, as login does", async () => {
    const t = await createTenant();
    const s = await loginAs(t.agent);
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    expect(await call(me, { url: "/api/auth/me", token: s.token })).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
  });
});
