import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getRoute, PUT as putRoute } from "@/app/api/companies/[id]/schedules/route";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { usualWeek } from "@/lib/settings/weekdays";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// Company work hours (admin §2.4 Schedules tab, §3 Schedule entry, §7 PUT /companies/{id}/schedules):
// every user reads their company's, its admins replace them, other companies answer 404.
const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const get = (token: string, id: number | string) => call(getRoute, { url: `/api/companies/${id}/schedules`, token, params: { id } });
const put = (token: string, id: number | string, body: Json) =>
  call(putRoute, { method: "PUT", url: `/api/companies/${id}/schedules`, token, params: { id }, body });
const storedOf = async (companyId: number) =>
  (await getDb().select({ schedules: companies.schedules }).from(companies).where(eq(companies.id, companyId)))[0].schedules;
const entry = (weekdayEn: string, startTime: string, endTime: string, weekday = weekdayEn) => ({ weekday, weekdayEn, startTime, endTime });

describe("GET /api/companies/{id}/schedules", () => {
  it("answers the company's work hours to any of its users; a new company starts empty", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    expect(await get(token, t.companyId)).toMatchObject({ status: 200, body: { id: t.companyId, schedules: [] } });
  });

  it("answers 404 for another company and 401 without a token", async () => {
    expect(await get(agentA, b.companyId)).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    expect(await get(adminA, 999_999)).toMatchObject({ status: 404 });
    expect((await call(getRoute, { url: `/api/companies/${a.companyId}/schedules`, params: { id: a.companyId } })).status).toBe(401);
  });
});

describe("PUT /api/companies/{id}/schedules", () => {
  it("replaces the hours in weekday order with the stored day names, and publishes them to the company", async () => {
    const body = {
      schedules: [
        entry("sunday", "00:00", "00:00"),
        entry("monday", "08:00", "18:00", "Monday"),
        entry("saturday", "08:00", "12:00"),
        entry("tuesday", "", ""),
      ],
    };
    const res = await put(adminA, a.companyId, body);
    expect(res.status).toBe(200);
    const expected = [
      { weekday: "Segunda-feira", weekdayEn: "monday", startTime: "08:00", endTime: "18:00" },
      { weekday: "Terça-feira", weekdayEn: "tuesday", startTime: "", endTime: "" },
      { weekday: "Sábado", weekdayEn: "saturday", startTime: "08:00", endTime: "12:00" },
      { weekday: "Domingo", weekdayEn: "sunday", startTime: "00:00", endTime: "00:00" },
    ];
    expect(res.body).toEqual({ id: a.companyId, schedules: expected });
    expect(await storedOf(a.companyId)).toEqual(expected);
    expect(published).toEqual([
      { channels: [channels.company(a.companyId)], event: EVENTS.company, data: { action: "update", company: { id: a.companyId, schedules: expected } } },
    ]);
    expect((await get(agentA, a.companyId)).body.schedules).toEqual(expected);
    // the usual week the tab offers is valid as it is; an empty list clears the hours
    expect((await put(adminA, a.companyId, { schedules: usualWeek() })).body.schedules).toHaveLength(7);
    expect((await put(adminA, a.companyId, { schedules: [] })).body.schedules).toEqual([]);
  });

  it("validates HH:MM times, start before end (00:00-00:00 closes the day) and one entry per weekday", async () => {
    await put(adminA, a.companyId, { schedules: [entry("monday", "09:00", "17:00")] });
    const cases: [Json, string, string][] = [
      [[entry("monday", "8:00", "18:00")], "schedules.0.startTime", "timeFormat"],
      [[entry("monday", "08:00", "24:00")], "schedules.0.endTime", "timeFormat"],
      [[entry("monday", "08:60", "18:00")], "schedules.0.startTime", "timeFormat"],
      [[entry("monday", "0800", "18:00")], "schedules.0.startTime", "timeFormat"],
      [[entry("monday", "08:00", "")], "schedules.0.endTime", "timeFormat"],
      [[entry("monday", "", "18:00")], "schedules.0.startTime", "timeFormat"],
      [[entry("monday", "18:00", "08:00")], "schedules.0.endTime", "timeOrder"],
      [[entry("monday", "08:00", "08:00")], "schedules.0.endTime", "timeOrder"],
      [[entry("monday", "08:00", "00:00")], "schedules.0.endTime", "timeOrder"],
      [[entry("monday", "08:00", "12:00"), entry("monday", "13:00", "18:00")], "schedules.1.weekdayEn", "duplicateWeekday"],
      [[entry("someday", "08:00", "12:00")], "schedules.0.weekdayEn", "invalidOption"],
    ];
    for (const [schedules, path, message] of cases) {
      const res = await put(adminA, a.companyId, { schedules });
      expect(res.status, JSON.stringify(schedules)).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(res.body.issues).toContainEqual({ path, message });
    }
    expect((await put(adminA, a.companyId, {})).status).toBe(400);
    expect((await put(adminA, a.companyId, { schedules: [...usualWeek(), entry("monday", "08:00", "09:00")] })).status).toBe(400);
    expect(await storedOf(a.companyId)).toEqual([{ weekday: "Segunda-feira", weekdayEn: "monday", startTime: "09:00", endTime: "17:00" }]);
  });

  it("refuses agents (403), changing nothing", async () => {
    const before = await storedOf(a.companyId);
    expect(await put(agentA, a.companyId, { schedules: usualWeek() })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await storedOf(a.companyId)).toEqual(before);
    expect(published).toEqual([]);
  });

  it("answers 404 for another company's id, changing nothing there", async () => {
    await put(adminB, b.companyId, { schedules: [entry("friday", "10:00", "16:00")] });
    published.length = 0;
    const beforeB = await storedOf(b.companyId);
    expect(await put(adminA, b.companyId, { schedules: usualWeek() })).toMatchObject({ status: 404, body: { error: "ERR_NO_COMPANY_FOUND" } });
    expect(await put(adminA, 999_999, { schedules: usualWeek() })).toMatchObject({ status: 404 });
    expect(await storedOf(b.companyId)).toEqual(beforeB);
    expect(published).toEqual([]);
    // an id that is not a number is not a company
    expect((await put(adminA, "abc", { schedules: [] })).status).toBe(400);
  });
});
