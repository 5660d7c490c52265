import { beforeAll, describe, expect, it } from "vitest";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import type { Json } from "../helpers/http";
import { clearLane, installKanbanHooks, makeTag, makeTicket, moveTo, published, tagIdsOf } from "./kanban-helpers";

// PUT /api/ticket-tags/{ticketId}/{tagId} and DELETE /api/ticket-tags/{ticketId} (admin §4 "Kanban
// tag change", §7): a card changing lanes, who may move it, and what the other boards hear.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;

installKanbanHooks();
beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA] = (await Promise.all([loginAs(a.admin), loginAs(a.agent)])).map((s) => s.token);
});

const ticketEvents = () => published.filter((e) => e.event === EVENTS.ticket);
const tagCounts = () =>
  Object.fromEntries(published.filter((e) => e.event === EVENTS.tag).map((e) => [(e.data as Json).tag.id, (e.data as Json).tag.ticketsCount]));

describe("PUT /api/ticket-tags/{ticketId}/{tagId}", () => {
  it("moves the ticket to the lane: its other kanban tags go, this one comes, plain tags stay; publishes it with its tags and the counts", async () => {
    const [from, to] = [await makeTag(a), await makeTag(a)];
    const plain = await makeTag(a, { kanban: 0 });
    const ticket = await makeTicket(a, { tagIds: [from.id, plain.id] });
    const res = await moveTo(adminA, ticket.id, to.id);
    expect(res.status).toBe(200);
    expect(res.body.ticketId).toBe(ticket.id);
    expect(res.body.tags.map((t: Json) => t.id).sort()).toEqual([plain.id, to.id].sort());
    expect(await tagIdsOf(ticket.id)).toEqual([plain.id, to.id].sort((x, y) => x - y));
    // every board and list of the ticket hears it, with its tags
    const heard = ticketEvents();
    const onChannels = heard.flatMap((e) => e.channels);
    expect(onChannels).toEqual(
      expect.arrayContaining([
        channels.tickets(a.companyId, a.agentQueueId, "open"),
        channels.allTickets(a.companyId, "open"),
        channels.ticket(a.companyId, ticket.id),
      ]),
    );
    for (const e of heard) expect((e.data as Json).ticket.tags.map((t: Json) => t.id).sort()).toEqual([plain.id, to.id].sort());
    expect(tagCounts()).toEqual({ [from.id]: 0, [to.id]: 1 });

    // to the lane it is in: nothing changes
    expect((await moveTo(adminA, ticket.id, to.id)).status).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([plain.id, to.id].sort((x, y) => x - y));
  });

  it("refuses a tag of another company or one that is no lane (404 ERR_NO_TAG_FOUND) and leaves the ticket where it was", async () => {
    const lane = await makeTag(a);
    const plain = await makeTag(a, { kanban: 0 });
    const foreign = await makeTag(b);
    const ticket = await makeTicket(a, { tagIds: [lane.id] });
    for (const tag of [plain, foreign]) {
      expect(await moveTo(adminA, ticket.id, tag.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TAG_FOUND" } });
    }
    expect(await tagIdsOf(ticket.id)).toEqual([lane.id]);
    expect(published).toEqual([]);
    expect(await moveTo(adminA, ticket.id, "x")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
  });

  it("refuses another company's ticket (404) and a ticket the user may not change (403), as /api/tags/sync does", async () => {
    const lane = await makeTag(a);
    const theirs = await makeTicket(b);
    expect(await moveTo(adminA, theirs.id, lane.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    expect(await clearLane(adminA, theirs.id)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    // another queue's ticket: not the agent's to open
    const otherQueue = await makeTicket(a, { queueId: a.queueIds[1] });
    expect(await moveTo(agentA, otherQueue.id, lane.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    // their queue's ticket that is not theirs, or pending: theirs to see, not to change
    const colleague = await makeTicket(a);
    const pending = await makeTicket(a, { status: "pending" });
    expect(await moveTo(agentA, colleague.id, lane.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await moveTo(agentA, pending.id, lane.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await clearLane(agentA, colleague.id)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    // their own open ticket: theirs to move
    const own = await makeTicket(a, { userId: a.agent.id });
    expect((await moveTo(agentA, own.id, lane.id)).status).toBe(200);
    expect(await tagIdsOf(own.id)).toEqual([lane.id]);
    // admins move any ticket of the company
    expect((await moveTo(adminA, otherQueue.id, lane.id)).status).toBe(200);
  });

  it("leaves a ticket in exactly one lane however many moves race", async () => {
    const lanes = [await makeTag(a), await makeTag(a), await makeTag(a), await makeTag(a)];
    const ticket = await makeTicket(a, { tagIds: [lanes[0].id] });
    const results = await Promise.all(lanes.flatMap((l) => [moveTo(adminA, ticket.id, l.id), moveTo(adminA, ticket.id, l.id)]));
    expect(results.map((r) => r.status)).toEqual(Array(8).fill(200));
    const left = await tagIdsOf(ticket.id);
    expect(left).toHaveLength(1);
    expect(lanes.map((l) => l.id)).toContain(left[0]);
  });
});

describe("DELETE /api/ticket-tags/{ticketId}", () => {
  it("takes the ticket back to 'Em aberto': its kanban tags go, its plain tags stay; publishes it and the counts", async () => {
    const [x, y] = [await makeTag(a), await makeTag(a)];
    const plain = await makeTag(a, { kanban: 0 });
    const ticket = await makeTicket(a, { tagIds: [x.id, y.id, plain.id] });
    const res = await clearLane(adminA, ticket.id);
    expect(res).toMatchObject({ status: 200, body: { ticketId: ticket.id, tags: [{ id: plain.id, name: plain.name, color: plain.color }] } });
    expect(await tagIdsOf(ticket.id)).toEqual([plain.id]);
    const heard = ticketEvents();
    expect(heard.flatMap((e) => e.channels)).toContain(channels.ticket(a.companyId, ticket.id));
    for (const e of heard) expect((e.data as Json).ticket).toMatchObject({ id: ticket.id, tags: [{ id: plain.id }] });
    expect(tagCounts()).toEqual({ [x.id]: 0, [y.id]: 0 });
    // nothing left to take: still fine
    expect((await clearLane(adminA, ticket.id)).status).toBe(200);
    expect(await tagIdsOf(ticket.id)).toEqual([plain.id]);
  });

  it("is refused with 403 ERR_PLAN_FEATURE_DISABLED when the plan has no kanban", async () => {
    const t = await createTenant({ chatbot: false, plan: { useKanban: false } });
    const token = (await loginAs(t.admin)).token;
    const lane = await makeTag(t);
    const ticket = await makeTicket(t);
    expect(await clearLane(token, ticket.id)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await moveTo(token, ticket.id, lane.id)).toMatchObject({ status: 403, body: { error: "ERR_PLAN_FEATURE_DISABLED" } });
    expect(await tagIdsOf(ticket.id)).toEqual([]);
  });
});
