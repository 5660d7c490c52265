import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { tags, ticketTags } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { GET as listRoute } from "@/app/api/tags/route";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Json } from "../helpers/http";
import { dbKind, raceOnTable } from "../helpers/race";
import { create, getOne, installTagHooks, list, listAll, makeTag, makeTicket, remove, setupTagTenants, tagEvents, tagIdsOf, unique, update } from "../helpers/tags-env";

// The tags API: list, read, create, edit, delete (the shared setup is tests/helpers/tags-env.ts).
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let supervisorA: string;
let adminB: string;

installTagHooks();
beforeAll(async () => void ({ a, b, adminA, agentA, supervisorA, adminB } = await setupTagTenants()));

describe("GET /api/tags", () => {
  it("pages 20 tags at a time as { tags, count, hasMore }, sorted by name, each with its ticketsCount", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    const made = [];
    for (let i = 0; i < 25; i++) made.push(await makeTag(t, `Paged ${String(i).padStart(2, "0")}`));
    const [t1, t2] = [await makeTicket(t), await makeTicket(t)];
    await getDb().insert(ticketTags).values([
      { ticketId: t1, tagId: made[0].id, companyId: t.companyId },
      { ticketId: t2, tagId: made[0].id, companyId: t.companyId },
      { ticketId: t2, tagId: made[1].id, companyId: t.companyId },
    ]);
    const first = await list(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ count: 25, hasMore: true });
    expect(first.body.tags).toHaveLength(20);
    expect(first.body.tags[0]).toEqual({ id: made[0].id, name: "Paged 00", color: "#112233", kanban: 0, userId: null, ticketsCount: 2 });
    expect(first.body.tags[1].ticketsCount).toBe(1);
    expect(first.body.tags[2].ticketsCount).toBe(0);
    const second = await list(token, "?pageNumber=2");
    expect(second.body).toMatchObject({ count: 25, hasMore: false });
    expect(second.body.tags.map((x: Json) => x.name)).toEqual(["Paged 20", "Paged 21", "Paged 22", "Paged 23", "Paged 24"]);
  });

  it("searches by name case-insensitively, % and _ literally, and never shows another company's", async () => {
    const mine = await makeTag(a, unique("Cliente VIP"));
    await makeTag(b, unique("Cliente VIP"));
    const res = await list(adminA, "?searchParam=cLIENTE%20vip");
    expect(res.body.tags.map((x: Json) => x.id)).toContain(mine.id);
    expect(res.body.tags.every((x: Json) => x.name.startsWith("Cliente VIP"))).toBe(true);
    const bIds = (await list(adminB, "?searchParam=cliente")).body.tags.map((x: Json) => x.id);
    expect(bIds).not.toContain(mine.id);
    expect((await list(adminA, "?searchParam=%25")).body.count).toBe(0);
    expect((await list(adminA, "?searchParam=_")).body.count).toBe(0);
  });

  it("answers 401 without a token and 404 for another company's companyId", async () => {
    expect((await call(listRoute, { url: "/api/tags" })).status).toBe(401);
    expect(await list(adminA, `?companyId=${b.companyId}`)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
    expect((await list(adminA, `?companyId=${a.companyId}`)).status).toBe(200);
  });
});

describe("GET /api/tags/list", () => {
  it("answers every tag of the company (more than a page) with id, name, color and kanban", async () => {
    const t = await createTenant();
    const { token } = await loginAs(t.agent);
    for (let i = 0; i < 23; i++) await makeTag(t, `All ${i}`, { kanban: i === 0 ? 1 : 0 });
    await makeTag(b, unique("Foreign"));
    const res = await listAll(token);
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(23);
    expect(res.body.find((x: Json) => x.name === "All 0")).toEqual({ id: expect.any(Number), name: "All 0", color: "#112233", kanban: 1 });
    expect(await listAll(token, `?companyId=${b.companyId}`)).toMatchObject({ status: 404 });
  });
});

describe("GET /api/tags/{id}", () => {
  it("answers the company's tag, 404 for another company's or a missing one, 400 for a malformed id", async () => {
    const tag = await makeTag(a);
    expect(await getOne(agentA, tag.id)).toMatchObject({ status: 200, body: { id: tag.id, name: tag.name, ticketsCount: 0 } });
    expect(await getOne(adminB, tag.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect((await getOne(adminA, 999_999)).status).toBe(404);
    expect((await getOne(adminA, "abc")).status).toBe(400);
  });
});

describe("POST /api/tags", () => {
  it("creates a tag owned by the caller, with the colour normalised, and publishes it to the company", async () => {
    const name = unique("Novo");
    const res = await create(agentA, { name: `  ${name}  `, color: "#a1b", kanban: 0, userId: 999_999 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ id: expect.any(Number), name, color: "#AA11BB", kanban: 0, userId: a.agent.id, ticketsCount: 0 });
    expect(tagEvents()).toEqual([{ channels: [channels.company(a.companyId)], event: "tag", data: { action: "create", tag: res.body } }]);
  });

  it("defaults the colour and kanban when they are left out", async () => {
    const res = await create(adminA, { name: unique("Padrão") });
    expect(res.body).toMatchObject({ color: "#A4CCCC", kanban: 0 });
  });

  it("answers 400 with the field issues for a missing, short, long name and a bad colour or kanban", async () => {
    const issue = async (body: Json) => {
      const res = await create(adminA, body);
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      return res.body.issues;
    };
    expect(await issue({ color: "#FFFFFF" })).toEqual([{ path: "name", message: "required" }]);
    expect(await issue({ name: " a " })).toEqual([{ path: "name", message: "tooShort" }]);
    expect(await issue({ name: "x".repeat(51) })).toEqual([{ path: "name", message: "tooLong" }]);
    expect(await issue({ name: "Cor", color: "red" })).toEqual([{ path: "color", message: "invalidColor" }]);
    expect(await issue({ name: "Cor", color: "#12345" })).toEqual([{ path: "color", message: "invalidColor" }]);
    expect((await issue({ name: "Kanban", kanban: 2 }))[0].path).toBe("kanban");
    expect(await getDb().select().from(tags).where(and(eq(tags.companyId, a.companyId), eq(tags.name, "Cor")))).toEqual([]);
  });

  it("answers 409 ERR_TAG_NAME_EXISTS for a name the company already has, in any case; other companies may reuse it", async () => {
    const name = unique("Duplicada");
    expect((await create(adminA, { name })).status).toBe(200);
    expect(await create(agentA, { name })).toMatchObject({ status: 409, body: { error: "ERR_TAG_NAME_EXISTS" } });
    expect(await create(agentA, { name: name.toUpperCase() })).toMatchObject({ status: 409, body: { error: "ERR_TAG_NAME_EXISTS" } });
    expect((await create(adminB, { name })).status).toBe(200);
  });

  it("answers 409, not 500, when two requests race for one name", async ({ skip }) => {
    skip(dbKind() === "pglite", "needs a real server: PGlite's one session never makes writers wait on a lock");
    const name = unique("Corrida");
    const results = await raceOnTable("tags", 2, () => Promise.all([create(adminA, { name }), create(agentA, { name })]));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it("lets only admins and supervisors make a kanban tag: a user asking for kanban 1 is refused with 403", async () => {
    expect(await create(agentA, { name: unique("Lane"), kanban: 1 })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await create(agentA, { name: unique("Lane"), kanban: 0 })).status).toBe(200);
    expect(await create(supervisorA, { name: unique("Lane"), kanban: 1 })).toMatchObject({ status: 200, body: { kanban: 1 } });
    expect(await create(adminA, { name: unique("Lane"), kanban: true })).toMatchObject({ status: 200, body: { kanban: 1 } });
  });

  it("answers 404 for another company's companyId in the body", async () => {
    expect((await create(adminA, { name: unique("X"), companyId: b.companyId })).status).toBe(404);
  });
});

describe("PUT /api/tags/{id}", () => {
  it("renames and recolours, keeps what is left out, and publishes the update", async () => {
    const tag = await makeTag(a, unique("Antes"), { kanban: 1 });
    const name = unique("Depois");
    const res = await update(agentA, tag.id, { name, color: "#00ff00" });
    expect(res).toMatchObject({ status: 200, body: { id: tag.id, name, color: "#00FF00", kanban: 1 } });
    expect(tagEvents()).toEqual([{ channels: [channels.company(a.companyId)], event: "tag", data: { action: "update", tag: res.body } }]);
  });

  it("refuses a user changing the kanban flag, but accepts the current value sent back", async () => {
    const tag = await makeTag(a, unique("Fluxo"), { kanban: 1 });
    expect(await update(agentA, tag.id, { kanban: 0 })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await getOne(adminA, tag.id)).body.kanban).toBe(1);
    expect((await update(agentA, tag.id, { name: tag.name, color: "#123456", kanban: 1 })).status).toBe(200);
    expect(await update(supervisorA, tag.id, { kanban: 0 })).toMatchObject({ status: 200, body: { kanban: 0 } });
    expect(await update(adminA, tag.id, { kanban: 1 })).toMatchObject({ status: 200, body: { kanban: 1 } });
  });

  it("answers 409 for another tag's name, accepts its own name in another case, and validates", async () => {
    const one = await makeTag(a, unique("Um"));
    const two = await makeTag(a, unique("Dois"));
    expect(await update(adminA, two.id, { name: one.name.toLowerCase() })).toMatchObject({ status: 409, body: { error: "ERR_TAG_NAME_EXISTS" } });
    expect(await update(adminA, two.id, { name: two.name.toUpperCase() })).toMatchObject({ status: 200 });
    expect(await update(adminA, two.id, { name: "x" })).toMatchObject({ status: 400, body: { issues: [{ path: "name", message: "tooShort" }] } });
  });

  it("answers 404 for another company's tag and changes nothing", async () => {
    const tag = await makeTag(b);
    expect(await update(adminA, tag.id, { name: unique("Invadida") })).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect((await getOne(adminB, tag.id)).body.name).toBe(tag.name);
    expect(tagEvents()).toEqual([]);
  });
});

describe("DELETE /api/tags/{id}", () => {
  it("refuses users with 403; admins and supervisors delete, the tag leaves its tickets", async () => {
    const tag = await makeTag(a);
    const ticketId = await makeTicket(a);
    await getDb().insert(ticketTags).values({ ticketId, tagId: tag.id, companyId: a.companyId });
    expect(await remove(agentA, tag.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await getOne(adminA, tag.id)).status).toBe(200);
    expect(await remove(adminA, tag.id)).toMatchObject({ status: 200 });
    expect((await getOne(adminA, tag.id)).status).toBe(404);
    expect(await tagIdsOf(ticketId)).toEqual([]);
    expect(tagEvents()).toEqual([{ channels: [channels.company(a.companyId)], event: "tag", data: { action: "delete", tagId: tag.id } }]);
    const other = await makeTag(a);
    expect((await remove(supervisorA, other.id)).status).toBe(200);
  });

  it("answers 404 for another company's tag, even to an agent, and keeps it", async () => {
    const tag = await makeTag(b);
    expect(await remove(adminA, tag.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await remove(agentA, tag.id)).toMatchObject({ status: 404 });
    expect((await getOne(adminB, tag.id)).status).toBe(200);
  });
});
