import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, PUT as putRoute } from "@/app/api/chats/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/chats/route";
import { EVENTS, channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, createUsers, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";

// Internal chat (issue 16 §3, admin §2.10, §3 Chat, §5, §6, §7): GET/POST /api/chats, PUT/DELETE
// /api/chats/{id}: members only, owner only for edits, never another company's users or chats.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let extra: { id: number; email: string; password: string; name: string }[];
let extraToken: string;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  extra = await createUsers(a.companyId, 2, "Colega");
  [adminA, agentA, adminB, extraToken] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin), loginAs(extra[0])])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const list = (token: string, q = "") => call(listRoute, { url: `/api/chats${q}`, token });
const create = (token: string, body: Json) => call(postRoute, { method: "POST", url: "/api/chats", token, body });
const update = (token: string, id: number | string, body: Json) => call(putRoute, { method: "PUT", url: `/api/chats/${id}`, token, params: { id }, body });
const remove = (token: string, id: number | string) => call(deleteRoute, { method: "DELETE", url: `/api/chats/${id}`, token, params: { id } });
const chatEvents = () => JSON.parse(JSON.stringify(published.filter((e) => e.event === EVENTS.chat)));
const userCh = (t: Tenant, id: number) => channels.user(t.companyId, id);

describe("POST /api/chats", () => {
  it("creates a chat owned by the caller with the users picked; every member's channel gets it", async () => {
    const res = await create(adminA, { title: "  Plantão  ", users: [{ id: a.agent.id }, { id: a.agent.id }] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ title: "Plantão", ownerId: a.admin.id, lastMessage: "", uuid: expect.any(String), updatedAt: expect.any(String) });
    expect(res.body.users.map((u: Json) => u.userId).sort()).toEqual([a.admin.id, a.agent.id].sort());
    expect(res.body.users.find((u: Json) => u.userId === a.agent.id)).toEqual({ userId: a.agent.id, unreads: 0, user: { id: a.agent.id, name: a.agent.name } });
    const events = chatEvents();
    expect(events).toHaveLength(1);
    expect(events[0].channels.sort()).toEqual([userCh(a, a.admin.id), userCh(a, a.agent.id)].sort());
    expect(events[0].data).toMatchObject({ action: "update", chat: { id: res.body.id, title: "Plantão" } });
  });

  it("refuses a blank title and no users with the dialog's keys", async () => {
    const blank = await create(adminA, { title: "   ", users: [{ id: a.agent.id }] });
    expect(blank).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "title", message: "titleRequired" }] } });
    const none = await create(adminA, { title: "x", users: [] });
    expect(none).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION", issues: [{ path: "users", message: "usersRequired" }] } });
    expect(chatEvents()).toEqual([]);
  });

  it("never adds another company's user (404 ERR_NO_USER_FOUND, nothing created)", async () => {
    const before = (await list(adminA)).body.count;
    const res = await create(adminA, { title: "Mista", users: [{ id: a.agent.id }, { id: b.agent.id }] });
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect((await list(adminA)).body.count).toBe(before);
    expect((await list(adminB)).body.records.some((c: Json) => c.title === "Mista")).toBe(false);
  });

  it("an agent may create one too (any user of the company)", async () => {
    const res = await create(agentA, { title: "Dúvida", users: [{ id: extra[0].id }] });
    expect(res.status).toBe(200);
    expect(res.body.ownerId).toBe(a.agent.id);
  });
});

describe("GET /api/chats", () => {
  it("lists only the caller's chats, most recently updated first, with members, searched by title; pages", async () => {
    const t = await createTenant();
    const [admin, agent] = await Promise.all([loginAs(t.admin), loginAs(t.agent)]);
    const ids: number[] = [];
    for (let i = 0; i < 22; i++) ids.push((await create(admin.token, { title: `Sala ${String(i).padStart(2, "0")}`, users: [{ id: t.agent.id }] })).body.id);
    const solo = (await create(admin.token, { title: "Só admin", users: [{ id: t.admin.id }] })).body.id;
    const p1 = await list(agent.token);
    expect(p1.body).toMatchObject({ count: 22, hasMore: true });
    expect(p1.body.records).toHaveLength(20);
    expect(p1.body.records[0].id).toBe(ids[21]);
    expect(Object.keys(p1.body.records[0]).sort()).toEqual(["id", "lastMessage", "ownerId", "title", "updatedAt", "users", "uuid"]);
    const p2 = await list(agent.token, "?pageNumber=2");
    expect(p2.body).toMatchObject({ count: 22, hasMore: false });
    expect(p2.body.records.map((c: Json) => c.id)).toEqual([ids[1], ids[0]]);
    expect([...p1.body.records, ...p2.body.records].some((c: Json) => c.id === solo)).toBe(false);
    const found = await list(agent.token, "?searchParam=sala%2021");
    expect(found.body.records.map((c: Json) => c.id)).toEqual([ids[21]]);
    // another company sees none of them
    expect((await list(adminB)).body.records.some((c: Json) => ids.includes(c.id))).toBe(false);
  });
});

describe("PUT /api/chats/{id}", () => {
  it("the owner renames and changes members (by id or uuid); removed members lose it, others get it again", async () => {
    const chat = (await create(adminA, { title: "Equipe", users: [{ id: a.agent.id }, { id: extra[0].id }] })).body;
    published.length = 0;
    const res = await update(adminA, chat.uuid, { title: "Equipe B", users: [{ id: a.agent.id }, { id: extra[1].id }] });
    expect(res.status).toBe(200);
    expect(res.body.title).toBe("Equipe B");
    expect(res.body.users.map((u: Json) => u.userId).sort()).toEqual([a.admin.id, a.agent.id, extra[1].id].sort());
    const events = chatEvents();
    const upd = events.find((e: Json) => e.data.action === "update");
    expect(upd.channels.sort()).toEqual([userCh(a, a.admin.id), userCh(a, a.agent.id), userCh(a, extra[1].id)].sort());
    expect(events.find((e: Json) => e.data.action === "delete")).toEqual({ channels: [userCh(a, extra[0].id)], event: "chat", data: { action: "delete", chatId: chat.id } });
    // the removed member no longer lists it; the owner always stays, even when left out
    expect((await list(extraToken)).body.records.some((c: Json) => c.id === chat.id)).toBe(false);
    const again = await update(adminA, chat.id, { users: [{ id: a.agent.id }] });
    expect(again.body.users.map((u: Json) => u.userId).sort()).toEqual([a.admin.id, a.agent.id].sort());
  });

  it("refuses a member who is not the owner (403), a non-member (403), another company's user (404), another company's chat (404)", async () => {
    const chat = (await create(adminA, { title: "Só dono", users: [{ id: a.agent.id }] })).body;
    expect(await update(agentA, chat.id, { title: "x" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await update(extraToken, chat.id, { title: "x" })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await update(adminA, chat.id, { users: [{ id: b.admin.id }] })).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await update(adminB, chat.id, { title: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect(await update(adminB, chat.uuid, { title: "x" })).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    expect(await update(adminA, "not-a-uuid", { title: "x" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    const after = (await list(agentA)).body.records.find((c: Json) => c.id === chat.id);
    expect(after.title).toBe("Só dono");
    expect(after.users).toHaveLength(2);
  });
});

describe("DELETE /api/chats/{id}", () => {
  it("only the owner deletes; every member gets delete", async () => {
    const chat = (await create(adminA, { title: "Apagar", users: [{ id: a.agent.id }] })).body;
    expect(await remove(agentA, chat.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await remove(adminB, chat.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
    published.length = 0;
    expect((await remove(adminA, chat.uuid)).status).toBe(200);
    expect(chatEvents()).toEqual([
      { channels: expect.arrayContaining([userCh(a, a.admin.id), userCh(a, a.agent.id)]), event: "chat", data: { action: "delete", chatId: chat.id } },
    ]);
    expect((await list(agentA)).body.records.some((c: Json) => c.id === chat.id)).toBe(false);
    expect(await remove(adminA, chat.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_CHAT_FOUND" } });
  });
});

describe("plan gate", () => {
  it("a plan without useInternalChat: 403 ERR_PLAN_FEATURE_DISABLED on every chat route", async () => {
    const off = await createTenant({ plan: { useInternalChat: false } });
    const { token } = await loginAs(off.admin);
    expect(await list(token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await create(token, { title: "x", users: [{ id: off.agent.id }] })).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await remove(token, 1)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });
});
