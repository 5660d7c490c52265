import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { messages, tickets, whatsapps } from "@/db/schema";
import { expireInactiveTickets } from "@/lib/chatbot/expire-inactive-tickets";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { ticketCycles } from "@/lib/tickets/tracking";
import { captureRealtime, makeTicket, newNumber, put, twoCompanies, type Env } from "../helpers/ticket-env";

// ticket_tracking (the dashboard's times, brief "Ticket tracking contract"): one row per attendance
// cycle; queuedAt, startedAt, finishedAt, ratingAt written by the transitions that make them true.
let env: Env;
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
});

// the agent's answer, `minutesAgo` before now: the conversation's last word is ours (expiry needs it)
const agentAnswers = (ticketId: number, minutesAgo = 0) =>
  getDb()
    .insert(messages)
    .values({ companyId: env.a.companyId, ticketId, whatsappId: env.a.whatsappId, wid: `3B${randomBytes(8).toString("hex")}`, body: "Certo", fromMe: true, read: true, createdAt: new Date(Date.now() - minutesAgo * 60_000) });

const cycles = (ticketId: number) => ticketCycles(getDb(), { companyId: env.a.companyId, ticketId });
const customerWrites = (body = "Olá", from = newNumber()) =>
  ingestInbound(getDb(), {
    companyId: env.a.companyId,
    whatsappId: env.a.whatsappId,
    message: {
      wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
      chatId: from,
      isGroup: false,
      from: { number: from, name: "Cliente" },
      fromMe: false,
      body,
      mediaType: null,
      timestamp: new Date(),
    },
  });

/** Runs `fn` and answers the window it ran in, to bound the timestamps it wrote. */
async function during(fn: () => Promise<unknown>) {
  const from = new Date();
  await fn();
  return { from: from.getTime(), to: Date.now() };
}
const within = (d: Date | null, w: { from: number; to: number }) => {
  expect(d).toBeInstanceOf(Date);
  expect(d!.getTime()).toBeGreaterThanOrEqual(w.from - 5);
  expect(d!.getTime()).toBeLessThanOrEqual(w.to + 5);
};

describe("ticket tracking", () => {
  it("follows an inbound ticket: waiting, taken, returned (waiting again), taken again, moved, finished", async () => {
    const { a, agentA, adminA } = env;
    let ticketId = 0;
    const created = await during(async () => void ({ ticketId } = await customerWrites()));
    const [first] = await cycles(ticketId);
    expect(first).toMatchObject({ companyId: a.companyId, whatsappId: a.whatsappId, queueId: null, userId: null, startedAt: null, finishedAt: null, ratingAt: null, rated: false });
    within(first.queuedAt, created);
    // the chatbot picks the queue while it waits: the cycle has it by the time an agent takes it
    await getDb().update(tickets).set({ queueId: a.agentQueueId }).where(eq(tickets.id, ticketId));
    const accepted = await during(() => put(agentA, ticketId, { status: "open" }));
    let [row] = await cycles(ticketId);
    expect(row).toMatchObject({ userId: a.agent.id, queueId: a.agentQueueId, finishedAt: null });
    within(row.startedAt, accepted);
    const startedAt = row.startedAt!.getTime();

    // returned: the cycle waits again from the return, without an agent
    const returned = await during(() => put(agentA, ticketId, { status: "pending", userId: null }));
    [row] = await cycles(ticketId);
    expect(row).toMatchObject({ userId: null, startedAt: null, finishedAt: null });
    within(row.queuedAt, returned);
    expect(row.queuedAt!.getTime()).toBeGreaterThanOrEqual(startedAt);
    const retaken = await during(() => put(adminA, ticketId, { status: "open" }));
    [row] = await cycles(ticketId);
    expect(row).toMatchObject({ userId: a.admin.id });
    within(row.startedAt, retaken);

    // a transfer to a queue without an agent puts it back to waiting in that queue
    const moved = await during(() => put(adminA, ticketId, { queueId: a.queueIds[1], userId: null }));
    [row] = await cycles(ticketId);
    expect(row).toMatchObject({ queueId: a.queueIds[1], userId: null, startedAt: null, finishedAt: null });
    within(row.queuedAt, moved);

    await put(adminA, ticketId, { queueId: a.agentQueueId, userId: a.agent.id });
    const finished = await during(() => put(agentA, ticketId, { status: "closed" }));
    const all = await cycles(ticketId);
    expect(all).toHaveLength(1);
    expect(all[0]).toMatchObject({ userId: a.agent.id, queueId: a.agentQueueId, ratingAt: null, rated: false });
    within(all[0].finishedAt, finished);
    expect(all[0].queuedAt!.getTime()).toBeLessThanOrEqual(all[0].startedAt!.getTime());
    expect(all[0].startedAt!.getTime()).toBeLessThanOrEqual(all[0].finishedAt!.getTime());
  });

  it("starts a new cycle on reopen, taken at once by the reopening agent", async () => {
    const { a, agentA } = env;
    const { ticketId } = await customerWrites();
    await put(agentA, ticketId, { status: "open" });
    await put(agentA, ticketId, { status: "closed" });
    const reopened = await during(() => put(agentA, ticketId, { status: "open" }));
    const [first, second] = await cycles(ticketId);
    expect(first.finishedAt).toBeInstanceOf(Date);
    expect(second).toMatchObject({ userId: a.agent.id, whatsappId: a.whatsappId, finishedAt: null });
    within(second.queuedAt, reopened);
    expect(second.startedAt).toEqual(second.queuedAt);
    // a later close finishes the new cycle only
    await put(agentA, ticketId, { status: "closed" });
    const after = await cycles(ticketId);
    expect(after).toHaveLength(2);
    expect(after[0].finishedAt).toEqual(first.finishedAt);
    expect(after[1].finishedAt!.getTime()).toBeGreaterThanOrEqual(second.startedAt!.getTime());
  });

  it("gives a ticket older than tracking its cycle on its first transition", async () => {
    const { a, agentA } = env;
    const t = await makeTicket(a, { status: "pending", queueId: a.agentQueueId });
    expect(await cycles(t.id)).toEqual([]);
    await put(agentA, t.id, { status: "open" });
    const [row] = await cycles(t.id);
    expect(row).toMatchObject({ userId: a.agent.id, queueId: a.agentQueueId, finishedAt: null });
    expect(row.queuedAt).toEqual(t.createdAt);
  });

  it("finishes the cycle when the inactivity expiry closes the ticket", async () => {
    const { a, agentA } = env;
    await getDb().update(whatsapps).set({ expiresTicket: 5, status: "CONNECTED" }).where(eq(whatsapps.id, a.whatsappId));
    try {
      const { ticketId } = await customerWrites();
      await put(agentA, ticketId, { status: "open" });
      await agentAnswers(ticketId);
      const later = new Date(Date.now() + 10 * 60_000);
      const res = await expireInactiveTickets(getDb(), later);
      expect(res.ticketIds).toContain(ticketId);
      const [row] = await cycles(ticketId);
      expect(row.finishedAt).toEqual(later);
      expect(row.userId).toBe(a.agent.id);
      // a ticket without a cycle still gets one, finished
      const old = await makeTicket(a, { status: "open", queueId: a.agentQueueId, userId: a.agent.id });
      await getDb().update(tickets).set({ createdAt: new Date(Date.now() - 3600_000) }).where(eq(tickets.id, old.id));
      await agentAnswers(old.id, 50);
      await expireInactiveTickets(getDb(), later);
      expect(await cycles(old.id)).toEqual([expect.objectContaining({ finishedAt: later, userId: a.agent.id })]);
    } finally {
      await getDb().update(whatsapps).set({ expiresTicket: 0 }).where(eq(whatsapps.id, a.whatsappId));
    }
  });

  it("never writes another company's rows", async () => {
    const { a, b, adminB } = env;
    const t = await makeTicket(a, { status: "pending" });
    expect((await put(adminB, t.id, { status: "open" })).status).toBe(404);
    expect(await cycles(t.id)).toEqual([]);
    expect(await ticketCycles(getDb(), { companyId: b.companyId, ticketId: t.id })).toEqual([]);
  });
});
