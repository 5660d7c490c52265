// The request path keeps decoded access tokens in memory (lib/auth/decoded-tokens.ts) and nothing
// else: the session's validity, the company's state and the plan come from the database on every
// request. Each test first uses its token so it is cached, then changes the state the way another
// process would (the real route, or straight in the database, telling this process nothing), and
// expects the very next request to follow. The two-process case is auth-cache-processes.test.ts.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { DELETE as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { getDb } from "@/db";
import { companies, plans, userQueues, users } from "@/db/schema";
import { route } from "@/lib/api/route";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createPlan, createTenant, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";

const echo = route({}, async ({ ctx }) => ({ profile: ctx.profile, queueIds: [...ctx.queueIds].sort((a, b) => a - b) }));
const adminOnly = route({ access: "admin" }, async () => ({ ok: true }));
const at = (h: unknown, url: string, token: string) => call(h as Handler, { method: "GET", url, token });
const meWith = (token: string) => call(me, { url: "/api/auth/me", token });

/** Signs in and uses the token twice, so the second request already came from the cache. */
async function warmSession(user: { email: string; password: string }) {
  const s = await loginAs(user);
  for (let i = 0; i < 2; i++) expect((await meWith(s.token)).status).toBe(200);
  return s;
}

afterEach(() => vi.useRealTimers());

describe("sessions with a cached token", () => {
  it("logout: the next request with the same token answers 403 ERR_SESSION_EXPIRED", async () => {
    const t = await createTenant();
    const s = await warmSession(t.admin);
    expect((await call(logout, { method: "DELETE", url: "/api/auth/logout", token: s.token })).status).toBe(200);
    expect(await meWith(s.token)).toMatchObject({ status: 403, body: { error: "ERR_SESSION_EXPIRED" } });
  });

  it("a logout made elsewhere (token version bumped in the database) ends it too", async () => {
    const t = await createTenant();
    const s = await warmSession(t.agent);
    await getDb().update(users).set({ tokenVersion: 99 }).where(eq(users.id, t.agent.id));
    expect(await meWith(s.token)).toMatchObject({ status: 403, body: { error: "ERR_SESSION_EXPIRED" } });
  });

  it("a second login ends the first session on its next request; the second works", async () => {
    const t = await createTenant();
    const first = await warmSession(t.agent);
    const second = await loginAs(t.agent);
    expect(await meWith(first.token)).toMatchObject({ status: 403, body: { error: "ERR_SESSION_EXPIRED" } });
    expect((await meWith(second.token)).status).toBe(200);
  });

  it("a cached token past its expiry is refused, as jose refuses it", async () => {
    const t = await createTenant();
    const s = await warmSession(t.admin);
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 16 * 60 * 1000 }); // ACCESS_TOKEN_TTL 15 min + 15 s skew
    expect(await meWith(s.token)).toMatchObject({ status: 403, body: { error: "ERR_SESSION_EXPIRED" } });
  });
});

describe("company state with a cached token", () => {
  it("suspended: the next request answers 403 ERR_COMPANY_INACTIVE; re-enabled: 200 again", async () => {
    const t = await createTenant();
    const s = await warmSession(t.agent);
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    expect(await meWith(s.token)).toMatchObject({ status: 403, body: { error: "ERR_COMPANY_INACTIVE" } });
    await getDb().update(companies).set({ status: true }).where(eq(companies.id, t.companyId));
    expect((await meWith(s.token)).status).toBe(200);
  });

  it("due date reached (company timezone): the next request answers 402 with the date", async () => {
    const tz = "Pacific/Kiritimati"; // UTC+14: its today is UTC's tomorrow for most of the day
    const t = await createTenant({ timezone: tz, dueDate: addDaysToDate(todayIn(tz), 1) });
    const s = await warmSession(t.admin);
    const today = todayIn(tz);
    await getDb().update(companies).set({ dueDate: today }).where(eq(companies.id, t.companyId));
    expect(await meWith(s.token)).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: today } });
  });
});

describe("plan and user with a cached token", () => {
  it("a plan flag turned off closes its area on the next request, turned on opens it", async () => {
    const t = await createTenant({ chatbot: false, plan: { useSchedules: true } });
    const s = await warmSession(t.admin);
    expect((await at(echo, "/api/schedules", s.token)).status).toBe(200);
    await getDb().update(plans).set({ useSchedules: false }).where(eq(plans.id, t.planId));
    expect(await at(echo, "/api/schedules", s.token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    await getDb().update(plans).set({ useSchedules: true }).where(eq(plans.id, t.planId));
    expect((await at(echo, "/api/schedules", s.token)).status).toBe(200);
  });

  it("the company moved to another plan: gated routes follow the new plan at once", async () => {
    const t = await createTenant({ chatbot: false, plan: { useKanban: true } });
    const s = await warmSession(t.admin);
    expect((await at(echo, "/api/ticket/kanban", s.token)).status).toBe(200);
    const smaller = await createPlan({ useKanban: false });
    await getDb().update(companies).set({ planId: smaller.id }).where(eq(companies.id, t.companyId));
    expect(await at(echo, "/api/ticket/kanban", s.token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });

  it("a demoted admin loses admin routes, and queue changes show, on the next request", async () => {
    const t = await createTenant();
    const s = await warmSession(t.admin);
    expect((await at(adminOnly, "/api/echo", s.token)).status).toBe(200);
    const before = (await at(echo, "/api/echo", s.token)).body.queueIds as number[];
    expect(before).toHaveLength(2);
    await getDb().update(users).set({ profile: "user" }).where(eq(users.id, t.admin.id));
    await getDb().delete(userQueues).where(eq(userQueues.userId, t.admin.id));
    expect(await at(adminOnly, "/api/echo", s.token)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await at(echo, "/api/echo", s.token)).body).toEqual({ profile: "user", queueIds: [] });
  });
});
