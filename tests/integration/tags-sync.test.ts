import { beforeAll, describe, expect, it } from "vitest";
import { channels, EVENTS } from "@/lib/realtime/channels";
import type { Tenant } from "../helpers/factories";
import type { Json } from "../helpers/http";
import { getOne, installTagHooks, makeTag, makeTicket, published, setupTagTenants, sync, tagEvents, tagIdsOf, unique } from "../helpers/tags-env";

// POST /api/tags/sync: the tags of a ticket (core §7), who may set them, and its events.
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;

installTagHooks();
beforeAll(async () => void ({ a, b, adminA, agentA } = await setupTagTenants()));

describe("POST /api/tags/sync", () => {
  it("replaces the ticket's tags, publishes the ticket with its tags and the changed counts", async () => {
    const [x, y, z] = [await makeTag(a, unique("X")), await makeTag(a, unique("Y")), await makeTag(a, unique("Z"))];
    // the agent's own open ticket: tags change it (lib/tickets/ticket-rules.ts)
    const ticketId = await makeTicket(a, a.agentQueueId, a.agent.id);
    const first = await sync(agentA, { ticketId, tags: [{ id: x.id, name: "ignored" }, { id: y.id }] });
    expect(first.status).toBe(200);
    expect(first.body.ticketId).toBe(ticketId);
    expect(first.body.tags.map((t: Json) => t.id).sort()).toEqual([x.id, y.id].sort());
    expect(first.body.tags[0]).toEqual({ id: expect.any(Number), name: expect.any(String), color: "#112233" });
    expect(await tagIdsOf(ticketId)).toEqual([x.id, y.id].sort((p, q) => p - q));

    published.length = 0;
    const second = await sync(agentA, { ticketId, tags: [{ id: y.id }, { id: z.id }, { id: z.id }] });
    expect(second.status).toBe(200);
    expect(await tagIdsOf(ticketId)).toEqual([y.id, z.id].sort((p, q) => p - q));
    const ticketEvents = published.filter((e) => e.event === EVENTS.ticket);
    expect(ticketEvents.length).toBeGreaterThan(0);
    expect(ticketEvents.map((e) => e.channels).flat()).toContain(channels.ticket(a.companyId, ticketId));
    for (const e of ticketEvents) {
      const data = e.data as Json;
      expect(data.action).toBe("update");
      expect(data.ticket.tags.map((t: Json) => t.id).sort()).toEqual([y.id, z.id].sort());
    }
    // x lost the ticket, z gained it; y is unchanged
    const counts = Object.fromEntries(tagEvents().map((e) => [(e.data as Json).tag.id, (e.data as Json).tag.ticketsCount]));
    expect(counts).toEqual({ [x.id]: 0, [z.id]: 1 });
    expect((await getOne(adminA, y.id)).body.ticketsCount).toBe(1);

    expect(await sync(agentA, { ticketId, tags: [] })).toMatchObject({ status: 200, body: { tags: [] } });
    expect(await tagIdsOf(ticketId)).toEqual([]);
  });

  it("accepts plain ids too", async () => {
    const x = await makeTag(a);
    const ticketId = await makeTicket(a);
    expect((await sync(adminA, { ticketId, tags: [x.id] })).body.tags.map((t: Json) => t.id)).toEqual([x.id]);
  });

  it("refuses another company's tag with 404 and leaves the set as it was", async () => {
    const mine = await makeTag(a);
    const foreign = await makeTag(b);
    const ticketId = await makeTicket(a);
    await sync(adminA, { ticketId, tags: [{ id: mine.id }] });
    published.length = 0;
    expect(await sync(adminA, { ticketId, tags: [{ id: mine.id }, { id: foreign.id }] })).toMatchObject({
      status: 404,
      body: { error: "ERR_NO_TAG_FOUND" },
    });
    expect(await tagIdsOf(ticketId)).toEqual([mine.id]);
    expect(published).toEqual([]);
  });

  it("refuses another company's ticket with 404, and a ticket of another queue to a user with 403", async () => {
    const foreignTicket = await makeTicket(b);
    const mine = await makeTag(a);
    expect(await sync(adminA, { ticketId: foreignTicket, tags: [{ id: mine.id }] })).toMatchObject({
      status: 404,
      body: { error: "ERR_NO_TICKET_FOUND" },
    });
    expect(await tagIdsOf(foreignTicket)).toEqual([]);
    const otherQueue = await makeTicket(a, a.queueIds[1]);
    expect(await sync(agentA, { ticketId: otherQueue, tags: [{ id: mine.id }] })).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect((await sync(adminA, { ticketId: otherQueue, tags: [{ id: mine.id }] })).status).toBe(200);
  });

  it("validates the body", async () => {
    expect((await sync(adminA, { tags: [] })).status).toBe(400);
    expect((await sync(adminA, { ticketId: 1, tags: [{ id: "x" }] })).status).toBe(400);
    expect((await sync(adminA, { ticketId: 1, tags: Array.from({ length: 51 }, (_, i) => i + 1) })).status).toBe(400);
    expect((await sync(adminA, { ticketId: 1, tags: [], companyId: b.companyId })).status).toBe(404);
  });
});
