import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import type { Json } from "../helpers/http";
import { board, ids, installKanbanHooks, kanbanTags, makeTag, makeTicket, setAllTicket } from "./kanban-helpers";

// GET /api/tags/kanban and GET /api/ticket/kanban (admin §2.8, §3, §7): lanes, paging, who sees what.
let a: Tenant;
let b: Tenant;
let adminA: string;
let adminB: string;

installKanbanHooks();
beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(b.admin)])).map((s) => s.token);
});

describe("GET /api/tags/kanban", () => {
  it("answers the company's kanban tags by name, with the tag fields and ticket counts", async () => {
    const t = await createTenant({ chatbot: false });
    const token = (await loginAs(t.admin)).token;
    const zeta = await makeTag(t, { name: "Zeta", color: "#FF0000" });
    const alfa = await makeTag(t, { name: "Alfa" });
    await makeTag(t, { name: "Comum", kanban: 0 });
    await makeTag(b, { name: "Alheia" });
    await makeTicket(t, { tagIds: [alfa.id] });
    const res = await kanbanTags(token);
    expect(res.status).toBe(200);
    expect(res.body.lista).toEqual([
      { id: alfa.id, name: "Alfa", color: "#112233", kanban: 1, userId: null, ticketsCount: 1 },
      { id: zeta.id, name: "Zeta", color: "#FF0000", kanban: 1, userId: null, ticketsCount: 0 },
    ]);
    // every user of the company sees the lanes
    expect((await kanbanTags((await loginAs(t.agent)).token)).body.lista).toHaveLength(2);
  });
});

describe("GET /api/ticket/kanban", () => {
  it("splits open and pending tickets into 'Em aberto' (no kanban tag) and each tag's lane; closed ones are off the board", async () => {
    const lane = await makeTag(a);
    const plain = await makeTag(a, { kanban: 0 });
    const untagged = await makeTicket(a);
    const onlyPlain = await makeTicket(a, { status: "pending", tagIds: [plain.id] });
    const inLane = await makeTicket(a, { tagIds: [lane.id, plain.id] });
    const closed = await makeTicket(a, { status: "closed", tagIds: [lane.id] });
    const open = ids(await board(adminA, { lane: "open" }));
    expect(open).toEqual(expect.arrayContaining([untagged.id, onlyPlain.id]));
    expect(open).not.toContain(inLane.id);
    expect(open).not.toContain(closed.id);
    const res = await board(adminA, { lane: lane.id });
    expect(res.body).toMatchObject({ count: 1, hasMore: false });
    const [card] = res.body.tickets;
    expect(card).toMatchObject({
      id: inLane.id,
      uuid: inLane.uuid,
      status: "open",
      queueId: a.agentQueueId,
      lastMessage: inLane.lastMessage,
      contact: { name: expect.stringMatching(/^Cliente/), number: expect.any(String), profilePicUrl: expect.any(String) },
      queue: { id: a.agentQueueId, name: expect.any(String), color: "#0EA5E9" },
    });
    expect(new Date(card.updatedAt).getTime()).toBe(inLane.updatedAt.getTime());
    expect(card.tags.map((x: Json) => x.id).sort()).toEqual([lane.id, plain.id].sort());
    // without a lane: the whole board
    const all = ids(await board(adminA, { pageNumber: 1 }));
    expect(all).toEqual(expect.arrayContaining([untagged.id, onlyPlain.id, inLane.id]));
    expect(all).not.toContain(closed.id);
  });

  it("pages a lane by 40, newest activity first with the id breaking ties, with an exact count", async () => {
    const t = await createTenant({ chatbot: false });
    const token = (await loginAs(t.admin)).token;
    const lane = await makeTag(t);
    const same = new Date("2026-01-01T10:00:00Z");
    const made = [];
    for (let i = 0; i < 45; i++) made.push(await makeTicket(t, { tagIds: [lane.id], updatedAt: i < 5 ? same : new Date(same.getTime() - i * 60_000) }));
    const expected = [...made].sort((x, y) => y.updatedAt.getTime() - x.updatedAt.getTime() || y.id - x.id).map((x) => x.id);
    const p1 = await board(token, { lane: lane.id, pageNumber: 1 });
    const p2 = await board(token, { lane: lane.id, pageNumber: 2 });
    expect(p1.body).toMatchObject({ count: 45, hasMore: true });
    expect(p2.body).toMatchObject({ count: 45, hasMore: false });
    expect([...ids(p1), ...ids(p2)]).toEqual(expected);
    expect(ids(p1)).toHaveLength(40);
    expect((await board(token, { lane: "open" })).body).toEqual({ tickets: [], count: 0, hasMore: false });
  });

  it("shows a user their queues' tickets, those without a queue and their own; allTicket adds other queues' pending ones", async () => {
    const t = await createTenant({ chatbot: false });
    const agent = (await loginAs(t.agent)).token;
    const [, other] = t.queueIds;
    const mineQueue = await makeTicket(t, { queueId: t.agentQueueId });
    const noQueue = await makeTicket(t, { queueId: null, status: "pending" });
    const ownElsewhere = await makeTicket(t, { queueId: other, userId: t.agent.id });
    const otherOpen = await makeTicket(t, { queueId: other });
    const otherPending = await makeTicket(t, { queueId: other, status: "pending" });
    const seen = ids(await board(agent, { lane: "open" }));
    expect(seen.sort()).toEqual([mineQueue.id, noQueue.id, ownElsewhere.id].sort());
    await setAllTicket(t.agent.id, true);
    expect(ids(await board(agent, { lane: "open" })).sort()).toEqual([mineQueue.id, noQueue.id, ownElsewhere.id, otherPending.id].sort());
    await setAllTicket(t.agent.id, false);
    // a tag's lane keeps the same rule
    const lane = await makeTag(t);
    const laneMine = await makeTicket(t, { queueId: t.agentQueueId, tagIds: [lane.id] });
    await makeTicket(t, { queueId: other, tagIds: [lane.id] });
    expect(ids(await board(agent, { lane: lane.id }))).toEqual([laneMine.id]);
    // admins: every open and pending ticket of the company
    const admin = (await loginAs(t.admin)).token;
    expect((await board(admin, {})).body.count).toBe(7);
    expect(ids(await board(admin, {}))).toContain(otherOpen.id);
  });

  it("narrows by queueIds (a JSON list) within what the user may see, never widening it; [] means every visible ticket", async () => {
    const t = await createTenant({ chatbot: false });
    const agent = (await loginAs(t.agent)).token;
    const admin = (await loginAs(t.admin)).token;
    const [mine, other] = t.queueIds;
    const inMine = await makeTicket(t, { queueId: mine });
    const inOther = await makeTicket(t, { queueId: other });
    const none = await makeTicket(t, { queueId: null });
    const sorted = (r: Awaited<ReturnType<typeof board>>) => ids(r).sort();
    expect(sorted(await board(admin, { queueIds: `[${other}]` }))).toEqual([inOther.id, none.id].sort());
    expect(sorted(await board(admin, { queueIds: "[]" }))).toEqual([inMine.id, inOther.id, none.id].sort());
    expect(sorted(await board(agent, { queueIds: `[${mine}]` }))).toEqual([inMine.id, none.id].sort());
    // a queue the agent is not in gives nothing of it
    expect(sorted(await board(agent, { queueIds: `[${other}]` }))).toEqual([none.id]);
    expect(sorted(await board(agent, { queueIds: `[${mine},${other}]` }))).toEqual([inMine.id, none.id].sort());
    expect((await board(agent, { queueIds: "[1,\"x\"]" })).status).toBe(400);
  });

  it("answers 404 ERR_NO_TAG_FOUND for another company's tag or a tag that is no lane, 400 for a bad lane", async () => {
    const foreign = await makeTag(b);
    const plain = await makeTag(a, { kanban: 0 });
    expect(await board(adminA, { lane: foreign.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await board(adminA, { lane: plain.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await board(adminA, { lane: 2147483647 })).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    expect(await board(adminA, { lane: "aberto" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await board(adminA, { pageNumber: 0 })).toMatchObject({ status: 400 });
    // another company's tickets never show
    const theirs = await makeTicket(b);
    expect(ids(await board(adminA, {}))).not.toContain(theirs.id);
    expect(ids(await board(adminB, {}))).toContain(theirs.id);
  });

  it("is refused with 403 ERR_PLAN_FEATURE_DISABLED when the plan has no kanban", async () => {
    const t = await createTenant({ chatbot: false, plan: { useKanban: false } });
    const token = (await loginAs(t.admin)).token;
    expect(await board(token, { lane: "open" })).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await kanbanTags(token)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
  });
});
