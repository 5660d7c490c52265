import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/users/[id]/route";
import { GET as optionsRoute } from "@/app/api/users/options/route";
import { POST as postRoute } from "@/app/api/users/route";
import { getDb } from "@/db";
import { contacts, plans, tickets, userQueues, users } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, suffix, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// POST and DELETE /api/users (spec core §2 Users page, §5 User, §6): validation with the catalogue
// keys, the platform-wide unique email, the plan's user limit (also under a race), admins only,
// nobody deletes themself, tickets go back to pending, other companies' users are 404.
const published: RealtimeEvent[] = [];

beforeAll(() => setRealtimeSink((events) => void published.push(...events)));
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/users", token, body });
const remove = (token: string, id: number) => call(deleteRoute, { method: "DELETE", url: `/api/users/${id}`, token, params: { id } });
const getOne = (token: string, id: number) => call(getRoute, { url: `/api/users/${id}`, token, params: { id } });
const put = (token: string, id: number, body: Json) => call(putRoute, { method: "PUT", url: `/api/users/${id}`, token, params: { id }, body });

const newUser = (extra: Json = {}) => {
  const s = suffix();
  return { name: `Novo ${s}`, email: `novo-${s}@test.example`, password: `senha-${s}`, ...extra };
};
const issuesOf = (body: Json) => Object.fromEntries((body.issues as { path: string; message: string }[]).map((i) => [i.path, i.message]));
const userEvents = () => published.filter((e) => e.event === EVENTS.user);
const usersOf = (companyId: number) => getDb().select({ id: users.id }).from(users).where(eq(users.companyId, companyId));

async function tenantWithTokens(opts?: Parameters<typeof createTenant>[0]) {
  const t = await createTenant(opts);
  const [admin, agent] = await Promise.all([loginAs(t.admin), loginAs(t.agent)]);
  return { t, admin: admin.token, agent: agent.token };
}

let contactSeq = 0;
async function ticketOf(t: Tenant, status: "pending" | "open" | "closed", userId: number | null, queueId: number | null = t.queueIds[0]) {
  const db = getDb();
  const n = ++contactSeq;
  const [contact] = await db
    .insert(contacts)
    .values({ companyId: t.companyId, name: `Cliente ${n}`, number: `5531${t.companyId}${String(n).padStart(6, "0")}` })
    .returning({ id: contacts.id });
  const [row] = await db
    .insert(tickets)
    .values({ companyId: t.companyId, contactId: contact.id, whatsappId: t.whatsappId, status, userId, queueId })
    .returning({ id: tickets.id });
  return row.id;
}

describe("POST /api/users", () => {
  it("an admin adds a user with rights, queues and a default connection; the user can sign in", async () => {
    const { t, admin } = await tenantWithTokens();
    const body = newUser({ email: `MiXeD-${suffix()}@Test.Example`, profile: "supervisor", allTicket: "enable", queueIds: t.queueIds, whatsappId: t.whatsappId });
    const res = await create(admin, body);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      name: body.name,
      email: body.email.toLowerCase(),
      profile: "supervisor",
      allTicket: "enable",
      whatsappId: t.whatsappId,
      companyId: t.companyId,
      super: false,
    });
    expect(res.body.queues.map((q: { id: number }) => q.id).sort()).toEqual([...t.queueIds].sort());
    expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    await expect(loginAs({ email: body.email, password: body.password })).resolves.toBeTruthy();
    expect(userEvents()).toEqual([
      {
        channels: [channels.admins(t.companyId)],
        event: EVENTS.user,
        data: { action: "create", user: { id: res.body.id, name: body.name, email: body.email.toLowerCase(), profile: "supervisor", online: false } },
      },
    ]);
  });

  it("defaults to a plain user in no queue, without a default connection", async () => {
    const { admin } = await tenantWithTokens();
    const res = await create(admin, { ...newUser(), whatsappId: "" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ profile: "user", allTicket: "disable", whatsappId: null, queues: [] });
  });

  it("refuses invalid fields with the catalogue keys (Required, Too Short!, Too Long!, Invalid email)", async () => {
    const { t, admin } = await tenantWithTokens();
    const empty = await create(admin, {});
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe("ERR_VALIDATION");
    expect(issuesOf(empty.body)).toMatchObject({ name: "fieldRequired", email: "fieldRequired", password: "fieldRequired" });
    const blank = await create(admin, { name: "  ", email: "", password: "" });
    expect(issuesOf(blank.body)).toMatchObject({ name: "fieldRequired", email: "fieldRequired", password: "fieldRequired" });
    const short = await create(admin, { name: "A", email: "not-an-email", password: "1234" });
    expect(issuesOf(short.body)).toEqual({ name: "fieldTooShort", email: "fieldInvalidEmail", password: "fieldTooShort" });
    const long = await create(admin, newUser({ name: "x".repeat(51), password: "p".repeat(51) }));
    expect(issuesOf(long.body)).toEqual({ name: "fieldTooLong", password: "fieldTooLong" });
    const badProfile = await create(admin, newUser({ profile: "owner" }));
    expect(badProfile.status).toBe(400);
    expect(await usersOf(t.companyId)).toHaveLength(2);
  });

  it("refuses an email any user of any company has, in any case (409)", async () => {
    const { admin } = await tenantWithTokens();
    const other = await createTenant();
    const res = await create(admin, newUser({ email: other.agent.email.toUpperCase() }));
    expect(res).toMatchObject({ status: 409, body: { error: "ERR_USER_EMAIL_EXISTS" } });
  });

  it("refuses another company's queue or connection (404) and creates nothing", async () => {
    const { t, admin } = await tenantWithTokens();
    const other = await createTenant();
    expect((await create(admin, newUser({ queueIds: [t.queueIds[0], other.queueIds[0]] }))).status).toBe(404);
    expect(await create(admin, newUser({ whatsappId: other.whatsappId }))).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await usersOf(t.companyId)).toHaveLength(2);
  });

  it("answers 404 when the body names another company", async () => {
    const { admin } = await tenantWithTokens();
    const other = await createTenant();
    expect((await create(admin, newUser({ companyId: other.companyId }))).status).toBe(404);
    expect(await usersOf(other.companyId)).toHaveLength(2);
  });

  it("enforces the plan's user limit, and lets exactly one of two concurrent creates take the last slot", async () => {
    const { t, admin } = await tenantWithTokens();
    // admin and agent already count
    await getDb().update(plans).set({ users: 4 }).where(eq(plans.id, t.planId));
    expect((await create(admin, newUser())).status).toBe(200);
    const racers = await Promise.all([create(admin, newUser()), create(admin, newUser())]);
    expect(racers.map((r) => r.status).sort()).toEqual([200, 403]);
    expect(racers.find((r) => r.status === 403)!.body).toMatchObject({ error: "ERR_USER_LIMIT_REACHED" });
    expect(await usersOf(t.companyId)).toHaveLength(4);
    expect(await create(admin, newUser())).toMatchObject({ status: 403, body: { error: "ERR_USER_LIMIT_REACHED" } });
    // a freed slot can be used again
    const [extra] = (await usersOf(t.companyId)).filter((u) => u.id !== t.admin.id && u.id !== t.agent.id);
    expect((await remove(admin, extra.id)).status).toBe(200);
    expect((await create(admin, newUser())).status).toBe(200);
  });

  it("an agent cannot add users (403)", async () => {
    const { t, agent } = await tenantWithTokens();
    expect(await create(agent, newUser())).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await usersOf(t.companyId)).toHaveLength(2);
  });

  it("answers 401 without a token", async () => {
    expect((await call(postRoute, { method: "POST", url: "/api/users", body: newUser() })).status).toBe(401);
  });
});

describe("DELETE /api/users/{id}", () => {
  it("removes the user, returns the tickets they held to pending without a user, and publishes both", async () => {
    const { t, admin } = await tenantWithTokens();
    const agentSession = await loginAs(t.agent);
    const open = await ticketOf(t, "open", t.agent.id);
    const pendingHeld = await ticketOf(t, "pending", t.agent.id, t.queueIds[1]);
    const closed = await ticketOf(t, "closed", t.agent.id);
    const adminsTicket = await ticketOf(t, "open", t.admin.id);

    const res = await remove(admin, t.agent.id);
    expect(res.status).toBe(200);
    expect((await getOne(admin, t.agent.id)).status).toBe(404);
    expect(await getDb().select().from(userQueues).where(eq(userQueues.userId, t.agent.id))).toEqual([]);

    const rows = await getDb()
      .select({ id: tickets.id, status: tickets.status, userId: tickets.userId })
      .from(tickets)
      .where(inArray(tickets.id, [open, pendingHeld, closed, adminsTicket]));
    const byId = Object.fromEntries(rows.map((r) => [r.id, r]));
    expect(byId[open]).toMatchObject({ status: "pending", userId: null });
    expect(byId[pendingHeld]).toMatchObject({ status: "pending", userId: null });
    expect(byId[closed]).toMatchObject({ status: "closed", userId: null });
    expect(byId[adminsTicket]).toMatchObject({ status: "open", userId: t.admin.id });

    expect(userEvents()).toEqual([
      { channels: [channels.admins(t.companyId)], event: EVENTS.user, data: { action: "delete", userId: t.agent.id } },
    ]);
    const ticketEvents = published.filter((e) => e.event === EVENTS.ticket);
    // the open ticket leaves the open lists and appears on the pending ones
    expect(ticketEvents).toContainEqual({
      channels: [channels.tickets(t.companyId, t.queueIds[0], "open"), channels.allTickets(t.companyId, "open")],
      event: EVENTS.ticket,
      data: { action: "delete", ticketId: open },
    });
    const pendingUpdate = ticketEvents.find(
      (e) => (e.data as Json).action === "update" && e.channels.includes(channels.tickets(t.companyId, t.queueIds[0], "pending")),
    );
    expect((pendingUpdate?.data as Json).ticket).toMatchObject({ id: open, status: "pending", userId: null });
    expect(ticketEvents.some((e) => JSON.stringify(e.data).includes(`"id":${adminsTicket}`))).toBe(false);

    // the deleted user's session ends
    expect((await getOne(agentSession.token, t.admin.id)).status).toBe(403);
  });

  it("nobody deletes themself", async () => {
    const { t, admin } = await tenantWithTokens();
    expect(await remove(admin, t.admin.id)).toMatchObject({ status: 403, body: { error: "ERR_CANNOT_DELETE_SELF" } });
    expect((await getOne(admin, t.admin.id)).status).toBe(200);
  });

  it("an agent cannot delete anyone (403)", async () => {
    const { t, agent } = await tenantWithTokens();
    expect(await remove(agent, t.admin.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(agent, t.agent.id)).toMatchObject({ status: 403 });
    expect(await usersOf(t.companyId)).toHaveLength(2);
  });

  it("answers 404 for another company's user and leaves them alone", async () => {
    const { admin } = await tenantWithTokens();
    const other = await createTenant();
    expect(await remove(admin, other.agent.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await remove(admin, 2_000_000_000)).toMatchObject({ status: 404 });
    expect(await usersOf(other.companyId)).toHaveLength(2);
    expect(userEvents()).toEqual([]);
  });

  it("only a super user deletes a super user", async () => {
    const { t, admin } = await tenantWithTokens();
    await getDb().update(users).set({ super: true }).where(and(eq(users.id, t.agent.id), eq(users.companyId, t.companyId)));
    expect(await remove(admin, t.agent.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
  });

  it("only a super user (or themself) edits a super user's sign-in", async () => {
    const { t, admin, agent } = await tenantWithTokens();
    await getDb().update(users).set({ super: true }).where(and(eq(users.id, t.agent.id), eq(users.companyId, t.companyId)));
    const takeover = { name: "Agente", email: `taken-${suffix()}@test.example`, password: "hijack123" };
    expect(await put(admin, t.agent.id, takeover)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    const [row] = await getDb().select({ email: users.email }).from(users).where(eq(users.id, t.agent.id));
    expect(row.email).toBe(t.agent.email);
    expect((await put(agent, t.agent.id, { name: "Eu mesmo", email: t.agent.email })).status).toBe(200);
  });
});

describe("PUT /api/users/{id} events", () => {
  it("publishes the updated row on the company's admins channel (emails are for admins)", async () => {
    const { t, admin } = await tenantWithTokens();
    const res = await put(admin, t.agent.id, { name: "Renomeado", email: t.agent.email });
    expect(res.status).toBe(200);
    expect(userEvents()).toEqual([
      {
        channels: [channels.admins(t.companyId)],
        event: EVENTS.user,
        // the agent signed in above, so they show as online
        data: { action: "update", user: { id: t.agent.id, name: "Renomeado", email: t.agent.email, profile: "user", online: true } },
      },
      // the renamed user's own pages (greeting, signature) hear the name alone on their channel
      { channels: [channels.user(t.companyId, t.agent.id)], event: EVENTS.user, data: { action: "update", user: { id: t.agent.id, name: "Renomeado" } } },
    ]);
  });

  it("tells the user's own channel of a rename by themself too, and of nothing else", async () => {
    const { t, agent } = await tenantWithTokens();
    expect((await put(agent, t.agent.id, { name: "Eu mesmo", email: t.agent.email })).status).toBe(200);
    const own = () => userEvents().filter((e) => e.channels.includes(channels.user(t.companyId, t.agent.id)));
    expect(own().map((e) => e.data)).toEqual([{ action: "update", user: { id: t.agent.id, name: "Eu mesmo" } }]);
    published.length = 0;
    expect((await put(agent, t.agent.id, { name: "Eu mesmo", password: "outra-senha-1" })).status).toBe(200);
    expect(userEvents()).toHaveLength(1);
    expect(own()).toEqual([]);
  });
});

describe("GET /api/users/options", () => {
  it("answers the company's queues (with colours) and connections only", async () => {
    const { t, agent } = await tenantWithTokens();
    await createTenant();
    const res = await call(optionsRoute, { url: "/api/users/options", token: agent });
    expect(res.status).toBe(200);
    expect(res.body.queues.map((q: { id: number }) => q.id)).toEqual(t.queueIds);
    expect(res.body.queues[0]).toMatchObject({ color: "#0EA5E9" });
    expect(res.body.whatsapps).toEqual([expect.objectContaining({ id: t.whatsappId })]);
    expect(JSON.stringify(res.body)).not.toMatch(/token/i);
  });
});
