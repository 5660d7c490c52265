import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { POST as login } from "@/app/api/auth/login/route";
import { DELETE as logout } from "@/app/api/auth/logout/route";
import { GET as me } from "@/app/api/auth/me/route";
import { POST as refresh } from "@/app/api/auth/refresh_token/route";
import { GET as version } from "@/app/api/version/route";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createTenant, loginAs } from "../helpers/factories";
import { call, cookieHeader } from "../helpers/http";

const SESSION = "next-auth.session-token";
const REFRESH = "jrt";
const loginCall = (email: string, password: string) => call(login, { method: "POST", url: "/api/auth/login", body: { email, password } });
const meWith = (opts: { token?: string; cookie?: string }) => call(me, { url: "/api/auth/me", ...opts });

describe("POST /api/auth/login", () => {
  it("returns a token and the user with queues and company", async () => {
    const t = await createTenant();
    const res = await loginCall(t.agent.email, t.agent.password);
    expect(res.status).toBe(200);
    expect(typeof res.body.token).toBe("string");
    const user = res.body.user;
    expect(user).toMatchObject({ id: t.agent.id, companyId: t.companyId, profile: "user", super: false, email: t.agent.email });
    expect(user.queues.map((q: { id: number }) => q.id)).toEqual([t.agentQueueId]);
    expect(user.company).toMatchObject({ id: t.companyId, name: t.companyName, dueDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(user.company.settings).toEqual(expect.arrayContaining([{ key: "campaignsEnabled", value: "true" }]));
    expect(JSON.stringify(res.body)).not.toMatch(/passwordHash|password_hash|tokenVersion/);
  });

  it("sets the session and refresh cookies httpOnly", async () => {
    const t = await createTenant();
    const res = await loginCall(t.admin.email, t.admin.password);
    expect(res.cookies[SESSION]).toBeTruthy();
    expect(res.cookies[REFRESH]).toBeTruthy();
    for (const name of [SESSION, REFRESH]) {
      const line = res.setCookies.find((c) => c.startsWith(`${name}=`))!;
      expect(line).toMatch(/HttpOnly/i);
      expect(line).toMatch(/Path=\//i);
    }
  });

  it("refuses a wrong password and an unknown email alike", async () => {
    const t = await createTenant();
    const wrong = await loginCall(t.admin.email, "not-the-password");
    const unknown = await loginCall(`nobody-${t.companyId}@test.example`, t.admin.password);
    for (const res of [wrong, unknown]) {
      expect(res.status).toBe(401);
      expect(res.body).toEqual({ error: "ERR_INVALID_CREDENTIALS" });
      expect(res.setCookies).toEqual([]);
    }
  });

  it("answers 400 for a body without credentials", async () => {
    const res = await call(login, { method: "POST", url: "/api/auth/login", body: {} });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe("ERR_VALIDATION");
  });

  it("compares the email case-insensitively", async () => {
    const t = await createTenant();
    const res = await loginCall(`  ${t.admin.email.toUpperCase()}  `, t.admin.password);
    expect(res.status).toBe(200);
    expect(res.body.user.id).toBe(t.admin.id);
  });

  it("refuses a company whose due date has passed with 402 and the date", async () => {
    const yesterday = addDaysToDate(todayIn("America/Sao_Paulo"), -1);
    const t = await createTenant({ dueDate: yesterday });
    const res = await loginCall(t.admin.email, t.admin.password);
    expect(res.status).toBe(402);
    expect(res.body).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: yesterday });
    expect(res.setCookies).toEqual([]);
  });

  it("refuses a company on its due date (spec: the due date must be in the future), lets it in the day before", async () => {
    const today = todayIn("America/Sao_Paulo");
    const t = await createTenant({ dueDate: today });
    expect(await loginCall(t.admin.email, t.admin.password)).toMatchObject({ status: 402, body: { error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: today } });
    const ok = await createTenant({ dueDate: addDaysToDate(today, 1) });
    expect((await loginCall(ok.admin.email, ok.admin.password)).status).toBe(200);
  });

  it("judges 'today' in the company's timezone", async () => {
    // a company far east: its today may already be tomorrow in São Paulo, never earlier
    const tz = "Pacific/Kiritimati";
    const t = await createTenant({ timezone: tz, dueDate: todayIn(tz) });
    expect((await loginCall(t.admin.email, t.admin.password)).status).toBe(402);
    const ok = await createTenant({ timezone: tz, dueDate: addDaysToDate(todayIn(tz), 1) });
    expect((await loginCall(ok.admin.email, ok.admin.password)).status).toBe(200);
  });

  it("refuses an inactive company", async () => {
    const t = await createTenant({ status: false });
    const res = await loginCall(t.agent.email, t.agent.password);
    expect(res.status).toBe(403);
    expect(res.body).toEqual({ error: "ERR_COMPANY_INACTIVE" });
  });
});

describe("GET /api/auth/me", () => {
  it("accepts the bearer token and the session cookie", async () => {
    const t = await createTenant();
    const s = await loginAs(t.admin);
    const bearer = await meWith({ token: s.token });
    expect(bearer.status).toBe(200);
    expect(bearer.body).toMatchObject({ id: t.admin.id, companyId: t.companyId, profile: "admin" });
    expect(bearer.body.company.name).toBe(t.companyName);
    const cookie = await meWith({ cookie: cookieHeader({ [SESSION]: s.cookieMap[SESSION] }) });
    expect(cookie.status).toBe(200);
    expect(cookie.body.id).toBe(t.admin.id);
  });

  it("answers 401 without a token and 403 with a garbage one", async () => {
    expect(await meWith({})).toMatchObject({ status: 401 });
    expect((await meWith({ token: "garbage.token.value" })).status).toBe(403);
    expect((await meWith({ cookie: `${SESSION}=garbage` })).status).toBe(403);
  });

  it("refuses the token of a user that no longer exists", async () => {
    const t = await createTenant();
    const s = await loginAs(t.agent);
    await getDb().delete(users).where(eq(users.id, t.agent.id));
    expect((await meWith({ token: s.token })).status).toBe(403);
  });
});

describe("sessions", () => {
  it("a second login ends the first session: its token 403, its refresh cookie 401", async () => {
    const t = await createTenant();
    const first = await loginAs(t.agent);
    const second = await loginAs(t.agent);
    expect((await meWith({ token: first.token })).status).toBe(403);
    expect((await meWith({ cookie: first.cookies })).status).toBe(403);
    const r = await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: first.cookies });
    expect(r.status).toBe(401);
    expect((await meWith({ token: second.token })).status).toBe(200);
  });

  it("refresh_token trades the refresh cookie for a new working token", async () => {
    const t = await createTenant();
    const s = await loginAs(t.admin);
    const r = await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: cookieHeader({ [REFRESH]: s.cookieMap[REFRESH] }) });
    expect(r.status).toBe(200);
    expect(r.body.token).toEqual(expect.any(String));
    expect(r.body.user).toMatchObject({ id: t.admin.id, companyId: t.companyId });
    expect(r.cookies[SESSION]).toBeTruthy();
    expect((await meWith({ token: r.body.token })).status).toBe(200);
    // refreshing does not end the session it refreshes
    expect((await meWith({ token: s.token })).status).toBe(200);
  });

  it("refresh_token without a cookie or with a garbage one answers 401", async () => {
    expect((await call(refresh, { method: "POST", url: "/api/auth/refresh_token" })).status).toBe(401);
    expect((await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: `${REFRESH}=nope` })).status).toBe(401);
  });

  it("refresh_token refuses once the company has expired", async () => {
    const t = await createTenant();
    const s = await loginAs(t.admin);
    const { companies } = await import("@/db/schema");
    await getDb().update(companies).set({ dueDate: "2000-01-01" }).where(eq(companies.id, t.companyId));
    const r = await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: s.cookies });
    expect(r.status).toBe(402);
    expect(r.body).toEqual({ error: "ERR_SUBSCRIPTION_EXPIRED", dueDate: "2000-01-01" });
  });

  it("logout ends the session and clears the cookies", async () => {
    const t = await createTenant();
    const s = await loginAs(t.admin);
    const out = await call(logout, { method: "DELETE", url: "/api/auth/logout", token: s.token });
    expect(out.status).toBe(200);
    expect(out.cookies[SESSION]).toBe("");
    expect(out.cookies[REFRESH]).toBe("");
    expect((await meWith({ token: s.token })).status).toBe(403);
    expect((await call(refresh, { method: "POST", url: "/api/auth/refresh_token", cookie: s.cookies })).status).toBe(401);
    const [row] = await getDb().select({ online: users.online }).from(users).where(eq(users.id, t.admin.id));
    expect(row.online).toBe(false);
  });

  it("logout with the session cookie alone (the browser's way) ends the session", async () => {
    const t = await createTenant();
    const s = await loginAs(t.agent);
    expect((await call(logout, { method: "DELETE", url: "/api/auth/logout", cookie: s.cookies })).status).toBe(200);
    expect((await meWith({ token: s.token })).status).toBe(403);
  });

  it("logout without a session still answers 200", async () => {
    expect((await call(logout, { method: "DELETE", url: "/api/auth/logout" })).status).toBe(200);
  });
});

describe("GET /api/version", () => {
  it("answers without credentials", async () => {
    const res = await call(version, { url: "/api/version" });
    expect(res.status).toBe(200);
    expect(res.body.version).toEqual(expect.any(String));
  });
});
