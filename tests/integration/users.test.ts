import { describe, expect, it } from "vitest";
import { GET as getUserRoute, PUT as putUser } from "@/app/api/users/[id]/route";
import { GET as listAll } from "@/app/api/users/list/route";
import { GET as listUsers } from "@/app/api/users/route";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";
import { dbKind, raceOnTable } from "../helpers/race";

const page = (token: string, query = "") => call(listUsers, { url: `/api/users${query}`, token });
const getOne = (token: string, id: number) => call(getUserRoute, { url: `/api/users/${id}`, token, params: { id } });
const put = (token: string, id: number, body: Record<string, unknown>) =>
  call(putUser, { method: "PUT", url: `/api/users/${id}`, token, params: { id }, body });
const who = (t: Tenant, key: "admin" | "agent") => ({ name: t[key].name, email: t[key].email });

describe("GET /api/users", () => {
  it("pages 20 users at a time with { users, count, hasMore }", async () => {
    const t = await createTenant();
    await createUsers(t.companyId, 25, "Paged");
    const { token } = await loginAs(t.admin);
    const first = await page(token);
    expect(first.status).toBe(200);
    expect(first.body.users).toHaveLength(20);
    expect(first.body).toMatchObject({ count: 27, hasMore: true });
    const second = await page(token, "?pageNumber=2");
    expect(second.body.users).toHaveLength(7);
    expect(second.body).toMatchObject({ count: 27, hasMore: false });
    const all = [...first.body.users, ...second.body.users].map((u: { id: number }) => u.id);
    expect(new Set(all).size).toBe(27);
    expect(JSON.stringify(first.body)).not.toMatch(/password/i);
  });

  it("searches by name or email, case-insensitively", async () => {
    const t = await createTenant();
    const made = await createUsers(t.companyId, 3, "Zebra Keeper");
    const { token } = await loginAs(t.admin);
    const byName = await page(token, "?searchParam=zEBRA%20kEEPER");
    expect(byName.body).toMatchObject({ count: 3, hasMore: false });
    const byEmail = await page(token, `?searchParam=${encodeURIComponent(made[1].email.toUpperCase())}`);
    expect(byEmail.body.users.map((u: { id: number }) => u.id)).toEqual([made[1].id]);
    expect((await page(token, "?searchParam=no-such-person")).body).toEqual({ users: [], count: 0, hasMore: false });
  });

  it("treats % and _ in the search literally", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    expect((await page(token, "?searchParam=%25")).body.count).toBe(0);
    expect((await page(token, "?searchParam=_")).body.count).toBe(0);
  });

  it("answers 404 when the query names another company, and works with the caller's own", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const { token } = await loginAs(a.admin);
    expect(await page(token, `?companyId=${b.companyId}`)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await page(token, `?companyId=${a.companyId}`)).status).toBe(200);
  });

  it("answers 401 without a token", async () => {
    expect((await call(listUsers, { url: "/api/users" })).status).toBe(401);
  });
});

describe("GET /api/users/list", () => {
  it("answers every user of the company", async () => {
    const t = await createTenant();
    await createUsers(t.companyId, 22, "Listed");
    const { token } = await loginAs(t.agent);
    const res = await call(listAll, { url: "/api/users/list", token });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(24);
    expect(res.body.map((u: { id: number }) => u.id)).toEqual(expect.arrayContaining([t.admin.id, t.agent.id]));
  });
});

describe("GET /api/users/{id}", () => {
  it("answers a user of the company with their queues", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const res = await getOne(token, t.agent.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: t.agent.id, email: t.agent.email, profile: "user", companyId: t.companyId });
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual([t.agentQueueId]);
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
  });

  it("answers 404 for an unknown id and 400 for a malformed one", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    expect((await getOne(token, 999_999)).status).toBe(404);
    const bad = await call(getUserRoute, { url: "/api/users/abc", token, params: { id: "abc" } });
    expect(bad.status).toBe(400);
  });
});

describe("PUT /api/users/{id}", () => {
  it("an agent cannot edit another user", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    const res = await put(token, t.admin.id, { ...who(t, "admin"), name: "Hijacked" });
    expect(res).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await getOne((await loginAs(t.admin)).token, t.admin.id)).body.name).toBe(t.admin.name);
  });

  it("an agent cannot raise their own profile nor change their queues, but can rename themselves", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    expect((await put(token, t.agent.id, { ...who(t, "agent"), profile: "admin" })).status).toBe(403);
    expect((await put(token, t.agent.id, { ...who(t, "agent"), queueIds: t.queueIds })).status).toBe(403);
    const ok = await put(token, t.agent.id, { ...who(t, "agent"), name: "New Name" });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ id: t.agent.id, name: "New Name", profile: "user" });
    expect(ok.body.queues.map((q: { id: number }) => q.id)).toEqual([t.agentQueueId]);
  });

  it("an admin changes another user's profile and queues", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const res = await put(token, t.agent.id, { ...who(t, "agent"), profile: "supervisor", queueIds: [t.queueIds[1]] });
    expect(res.status).toBe(200);
    expect(res.body.profile).toBe("supervisor");
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual([t.queueIds[1]]);
    const again = await getOne(token, t.agent.id);
    expect(again.body).toMatchObject({ profile: "supervisor", queues: [expect.objectContaining({ id: t.queueIds[1] })] });
  });

  it("an admin cannot give a user another company's queue", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const { token } = await loginAs(a.admin);
    const res = await put(token, a.agent.id, { ...who(a, "agent"), queueIds: [b.queueIds[0]] });
    expect(res.status).toBe(404);
    expect((await getOne(token, a.agent.id)).body.queues.map((q: { id: number }) => q.id)).toEqual([a.agentQueueId]);
  });

  it("refuses an email another user has (any case) with 409", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const res = await put(token, t.agent.id, { name: t.agent.name, email: t.admin.email.toUpperCase() });
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_USER_EMAIL_EXISTS" } });
  });

  it("answers 409, not 500, when two edits race for one new email", async ({ skip }) => {
    skip(dbKind() === "pglite", "needs a real server: PGlite's one session never makes writers wait on a lock");
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const [other] = await createUsers(t.companyId, 1, "Racer");
    const email = `race-${t.companyId}@test.example`;
    const results = await raceOnTable("users", 2, () =>
      Promise.all([put(token, t.agent.id, { name: t.agent.name, email }), put(token, other.id, { name: other.name, email })]),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("a new password set by an admin works and ends the user's session", async () => {
    const t = await createTenant();
    const agent = await loginAs(t.agent);
    const { token } = await loginAs(t.admin);
    expect((await put(token, t.agent.id, { ...who(t, "agent"), password: "brand-new-pw" })).status).toBe(200);
    expect((await page(agent.token)).status).toBe(403);
    await expect(loginAs({ email: t.agent.email, password: "brand-new-pw" })).resolves.toBeTruthy();
  });

  it("refuses an invalid body with 400", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.admin);
    const res = await put(token, t.agent.id, { name: "X", email: "nope" });
    expect(res.status).toBe(400);
    expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(["name", "email"]));
  });
});
