import { beforeAll, describe, expect, it } from "vitest";
import { GET as dashboardRoute } from "@/app/api/dashboard/route";
import { GET as ticketsDayRoute } from "@/app/api/dashboard/ticketsDay/route";
import { GET as ticketsUsersRoute } from "@/app/api/dashboard/ticketsUsers/route";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { makeCycle } from "../helpers/dashboard-data";
import { call, type Handler } from "../helpers/http";

// The dashboard endpoints' filters, validation, permission and company scoping.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;

const get = (handler: unknown, url: string, token?: string) => call(handler as Handler, { url, token });
const ago = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
const ROUTES = [
  [dashboardRoute, "/api/dashboard?days=7"],
  [ticketsUsersRoute, "/api/dashboard/ticketsUsers?initialDate=2024-03-01&finalDate=2024-03-31"],
  [ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-01&finalDate=2024-03-31"],
] as const;

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  // A: one conversation finished within the last hour (wait 10, support 30) and one ten days ago
  await makeCycle(a, { userId: a.agent.id, created: ago(60), started: ago(50), finished: ago(20) });
  await makeCycle(a, { userId: a.agent.id, created: ago(10 * 1440 + 60), started: ago(10 * 1440 + 40), finished: ago(10 * 1440) });
  // B: one finished recently, one waiting now
  await makeCycle(b, { userId: b.agent.id, created: ago(30), started: ago(25), finished: ago(5) });
  await makeCycle(b, { created: ago(15) });
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});

describe("filters", () => {
  it("days is the last N days including today", async () => {
    const week = await get(dashboardRoute, "/api/dashboard?days=7", adminA);
    expect(week.status).toBe(200);
    expect(week.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 30, avgWaitTime: 10, supportHappening: 0, supportPending: 0 });
    const month = await get(dashboardRoute, "/api/dashboard?days=30", adminA);
    expect(month.body.counters).toMatchObject({ supportFinished: 2, avgSupportTime: 35, avgWaitTime: 15 });
  });

  it("date_from alone runs to today; date_from..date_to is inclusive; days wins over dates", async () => {
    const today = todayIn();
    const fromWeekAgo = await get(dashboardRoute, `/api/dashboard?date_from=${addDaysToDate(today, -6)}`, adminA);
    expect(fromWeekAgo.body.counters.supportFinished).toBe(1);
    const tenDays = await get(dashboardRoute, `/api/dashboard?date_from=${addDaysToDate(today, -12)}&date_to=${addDaysToDate(today, -8)}`, adminA);
    expect(tenDays.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 40 });
    const both = await get(dashboardRoute, `/api/dashboard?days=30&date_from=${today}&date_to=${today}`, adminA);
    expect(both.body.counters.supportFinished).toBe(2);
  });

  it("ticketsDay and ticketsUsers take their own range", async () => {
    const today = todayIn();
    const users = await get(ticketsUsersRoute, `/api/dashboard/ticketsUsers?initialDate=${addDaysToDate(today, -30)}&finalDate=${today}`, adminA);
    expect(users.body).toEqual({ data: [{ name: a.agent.name, quantity: 2 }] });
    const days = await get(ticketsDayRoute, `/api/dashboard/ticketsDay?initialDate=${addDaysToDate(today, -29)}&finalDate=${today}`, adminA);
    expect(days.body.data).toHaveLength(30);
    expect(days.body.count).toBe(2);
  });
});

describe("validation", () => {
  it("no parameters answer 400 ERR_VALIDATION (the page's 'Parametrize o filtro')", async () => {
    for (const q of ["", "?days=", "?date_to=2024-03-01", "?date_from=&date_to="]) {
      const res = await get(dashboardRoute, `/api/dashboard${q}`, adminA);
      expect(res.status, q).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });

  it("refuses bad days, dates, reversed and over-long ranges", async () => {
    const bad = [
      "/api/dashboard?days=0",
      "/api/dashboard?days=abc",
      "/api/dashboard?days=400",
      "/api/dashboard?date_from=2024-02-30",
      "/api/dashboard?date_from=01/03/2024",
      "/api/dashboard?date_from=2024-03-10&date_to=2024-03-01",
      "/api/dashboard?date_from=2020-01-01&date_to=2024-01-01",
    ];
    for (const url of bad) expect((await get(dashboardRoute, url, adminA)).body.error, url).toBe("ERR_VALIDATION");
    const charts = [
      [ticketsUsersRoute, "/api/dashboard/ticketsUsers?initialDate=2024-03-01"],
      [ticketsDayRoute, "/api/dashboard/ticketsDay?finalDate=2024-03-01"],
      [ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2024-03-02&finalDate=2024-03-01"],
      [ticketsDayRoute, "/api/dashboard/ticketsDay?initialDate=2020-01-01&finalDate=2024-03-01"],
    ] as const;
    for (const [handler, url] of charts) {
      const res = await get(handler, url, adminA);
      expect(res.status, url).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
    }
  });
});

describe("permission and company scoping", () => {
  it("answers 401 without a session and 403 to a non-admin", async () => {
    for (const [handler, url] of ROUTES) {
      expect((await get(handler, url)).status, url).toBe(401);
      expect(await get(handler, url, agentA), url).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
  });

  it("refuses another company's companyId and ignores the caller's own", async () => {
    for (const [handler, url] of ROUTES) {
      expect(await get(handler, `${url}&companyId=${b.companyId}`, adminA), url).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
      const own = await get(handler, `${url}&companyId=${a.companyId}`, adminA);
      expect(own.status).toBe(200);
      expect(own.body).toEqual((await get(handler, url, adminA)).body);
    }
  });

  it("each company sees only its own figures and users", async () => {
    const mine = await get(dashboardRoute, "/api/dashboard?days=2", adminB);
    expect(mine.body.counters).toMatchObject({ supportFinished: 1, avgSupportTime: 20, avgWaitTime: 5, supportPending: 1 });
    expect(mine.body.attendants.map((u: { id: number }) => u.id).sort()).toEqual([b.admin.id, b.agent.id].sort());
    const today = todayIn();
    const users = await get(ticketsUsersRoute, `/api/dashboard/ticketsUsers?initialDate=${addDaysToDate(today, -1)}&finalDate=${today}`, adminB);
    expect(users.body).toEqual({ data: [{ name: b.agent.name, quantity: 1 }] });
  });
});
