import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { prompts, queueIntegrations } from "@/db/schema";
import { makeTicket, put, ticketRow, twoCompanies, type Env } from "../helpers/ticket-env";

// Who may change a ticket (spec core §5/§6, issue 7 part 1: the server decides): two companies,
// an admin and an agent, tickets in the agent's queue, in another queue, without a queue.
let env: Env;
beforeAll(async () => {
  env = await twoCompanies();
});

const forbidden = { status: 403, body: { error: "ERR_NO_PERMISSION" } };

describe("another company's ticket", () => {
  it("answers 404 to every change and leaves it alone", async () => {
    const { a, adminB } = env;
    const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    for (const body of [{ status: "open" }, { status: "closed" }, { status: "pending", userId: null }, { queueId: a.queueIds[1], userId: null }]) {
      expect(await put(adminB, t.id, body)).toMatchObject({ status: 404, body: { error: "ERR_NO_TICKET_FOUND" } });
    }
    expect(await ticketRow(t.id)).toMatchObject({ status: "pending", userId: null });
  });

  it("refuses ids of another company in a change: user, queue, connection, prompt, integration", async () => {
    const { a, b, adminA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.admin.id });
    expect(await put(adminA, t.id, { queueId: b.queueIds[0], userId: null })).toMatchObject({ status: 404, body: { error: "ERR_NO_QUEUE_FOUND" } });
    expect(await put(adminA, t.id, { queueId: a.queueIds[1], userId: b.admin.id })).toMatchObject({ status: 404, body: { error: "ERR_NO_USER_FOUND" } });
    expect(await put(adminA, t.id, { queueId: a.queueIds[1], userId: null, whatsappId: b.whatsappId })).toMatchObject({
      status: 404,
      body: { error: "ERR_NO_WAPP_FOUND" },
    });
    expect(await put(adminA, t.id, { status: "open", userId: b.agent.id })).toMatchObject({ status: 404 });
    const [prompt] = await getDb().insert(prompts).values({ companyId: b.companyId, name: "P", prompt: "p" }).returning();
    const [integration] = await getDb().insert(queueIntegrations).values({ companyId: b.companyId, type: "webhook", name: "W" }).returning();
    expect(await put(adminA, t.id, { promptId: prompt.id })).toMatchObject({ status: 404 });
    expect(await put(adminA, t.id, { integrationId: integration.id })).toMatchObject({ status: 404 });
    expect(await ticketRow(t.id)).toMatchObject({ queueId: a.agentQueueId, userId: a.admin.id, whatsappId: a.whatsappId, promptId: null, integrationId: null });
  });
});

describe("an agent", () => {
  it("may not touch a ticket of a queue they are not in", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "pending", queueId: a.queueIds[1] });
    for (const body of [{ status: "open" }, { status: "closed" }, { queueId: a.agentQueueId, userId: null }]) {
      expect(await put(agentA, t.id, body)).toMatchObject(forbidden);
    }
    expect(await ticketRow(t.id)).toMatchObject({ status: "pending", userId: null, queueId: a.queueIds[1] });
  });

  it("works tickets without a queue and of their queues", async () => {
    const { a, agentA } = env;
    const none = await makeTicket(a, { status: "pending" });
    expect(await put(agentA, none.id, { status: "open" })).toMatchObject({ status: 200, body: { status: "open", userId: a.agent.id } });
    const mine = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    expect(await put(agentA, mine.id, { status: "closed" })).toMatchObject({ status: 200, body: { status: "closed" } });
  });

  it("may not change another user's open ticket in their queue; accepting it is the race's 409", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.admin.id });
    for (const body of [{ status: "closed" }, { status: "pending", userId: null }, { queueId: a.queueIds[1], userId: null }, { userId: a.agent.id }]) {
      expect(await put(agentA, t.id, body)).toMatchObject(forbidden);
    }
    const taken = await put(agentA, t.id, { status: "open" });
    expect(taken).toMatchObject({ status: 409, body: { error: "ERR_TICKET_ALREADY_ACCEPTED", ticket: { userId: a.admin.id, user: { name: a.admin.name } } } });
    expect(await ticketRow(t.id)).toMatchObject({ status: "open", userId: a.admin.id });
    // a closed one is different: reopening it makes it theirs (spec core §4; tickets-write-rule.test.ts)
    const closed = await makeTicket(a, { status: "closed", queueId: a.agentQueueId, userId: a.admin.id });
    expect(await put(agentA, closed.id, { status: "open" })).toMatchObject({ status: 200, body: { userId: a.agent.id } });
  });

  it("assigns nobody else, except by transferring a ticket they hold", async () => {
    const { a, agentA } = env;
    const pending = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    expect(await put(agentA, pending.id, { status: "open", userId: a.admin.id })).toMatchObject(forbidden);
    // not theirs yet: no transfer to a named user either
    expect(await put(agentA, pending.id, { queueId: a.queueIds[1], userId: a.admin.id })).toMatchObject(forbidden);
    expect(await ticketRow(pending.id)).toMatchObject({ status: "pending", userId: null });
    const held = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    expect(await put(agentA, held.id, { userId: a.admin.id })).toMatchObject(forbidden);
    const res = await put(agentA, held.id, { queueId: a.queueIds[1], userId: a.admin.id });
    expect(res).toMatchObject({ status: 200, body: { status: "open", userId: a.admin.id, queueId: a.queueIds[1] } });
  });

  it("may not set the integration, prompt or useIntegration", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    expect(await put(agentA, t.id, { useIntegration: true })).toMatchObject(forbidden);
    expect(await put(agentA, t.id, { status: "open", promptId: null })).toMatchObject(forbidden);
    expect(await ticketRow(t.id)).toMatchObject({ useIntegration: false });
  });
});

describe("an admin", () => {
  it("changes any ticket of the company, of any queue and any user", async () => {
    const { a, adminA } = env;
    const other = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
    expect(await put(adminA, other.id, { status: "pending", userId: null })).toMatchObject({ status: 200, body: { status: "pending", userId: null } });
    const held = await makeTicket(a, { status: "open", queueId: a.queueIds[1], userId: a.agent.id });
    expect(await put(adminA, held.id, { userId: a.admin.id })).toMatchObject({ status: 200, body: { status: "open", userId: a.admin.id } });
    // naming the user on an accept hands the ticket to them
    const pending = await makeTicket(a, { status: "pending", queueId: a.queueIds[1] });
    expect(await put(adminA, pending.id, { status: "open", userId: a.agent.id })).toMatchObject({ status: 200, body: { status: "open", userId: a.agent.id } });
    // a plain accept of someone else's open ticket is the race's 409, for admins too
    expect(await put(adminA, pending.id, { status: "open" })).toMatchObject({ status: 409, body: { error: "ERR_TICKET_ALREADY_ACCEPTED" } });
  });

  it("sets the bot fields with ids of the company, and closing clears them", async () => {
    const { a, adminA } = env;
    const [prompt] = await getDb().insert(prompts).values({ companyId: a.companyId, name: "P", prompt: "p" }).returning();
    const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    const res = await put(adminA, t.id, { useIntegration: true, promptId: prompt.id });
    expect(res.status).toBe(200);
    expect(await ticketRow(t.id)).toMatchObject({ status: "pending", useIntegration: true, promptId: prompt.id });
    await put(adminA, t.id, { status: "closed", useIntegration: true });
    expect(await ticketRow(t.id)).toMatchObject({ status: "closed", useIntegration: false, promptId: null });
  });

  it("gets 400 for a body that is not a change", async () => {
    const { a, adminA } = env;
    const t = await makeTicket(a, { status: "pending" });
    expect(await put(adminA, t.id, { status: "archived" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await put(adminA, t.id, { queueId: "x" })).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
  });
});
