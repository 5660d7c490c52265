import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { GET as listRoute } from "@/app/api/messages/[id]/route";
import { POST as readRoute } from "@/app/api/messages/[id]/read/route";
import { getDb } from "@/db";
import { messages } from "@/db/schema";
import { channels } from "@/lib/realtime/channels";
import { call } from "../helpers/http";
import { captureRealtime, makeTicket, ticketEvents, ticketRow, twoCompanies, type Env } from "../helpers/ticket-env";

// Reading a conversation (core §2 list item's unread count, §4 notifications' bell): the ticket's
// own agent opening it, or seeing new messages arrive, clears its unread count; nobody else does.
let env: Env;
captureRealtime();
beforeAll(async () => void (env = await twoCompanies()));

async function ticketWithUnread(status: "open" | "pending", userId: number | null) {
  const t = await makeTicket(env.a, { status, queueId: env.a.agentQueueId, userId });
  await getDb()
    .insert(messages)
    .values([1, 2].map((n) => ({ companyId: env.a.companyId, ticketId: t.id, whatsappId: env.a.whatsappId, wid: `W${t.id}-${n}`, body: `oi ${n}` })));
  return t;
}
const unreadMessagesOf = async (ticketId: number) =>
  (await getDb().select().from(messages).where(and(eq(messages.ticketId, ticketId), eq(messages.read, false)))).length;
const open = (token: string, id: number, pageNumber = 1) =>
  call(listRoute, { url: `/api/messages/${id}?pageNumber=${pageNumber}`, token, params: { id } });
const read = (token: string, id: number) => call(readRoute, { method: "POST", url: `/api/messages/${id}/read`, token, params: { id } });

describe("reading a ticket", () => {
  it("the agent opening their ticket clears its unread count and marks the customer's messages read, once", async () => {
    const t = await ticketWithUnread("open", env.a.agent.id);
    const res = await open(env.agentA, t.id);
    expect(res.status).toBe(200);
    expect(res.body.ticket.unreadMessages).toBe(0);
    expect((await ticketRow(t.id)).unreadMessages).toBe(0);
    expect(await unreadMessagesOf(t.id)).toBe(0);
    // core §7: the `ticket` event's updateUnread, on the lists the ticket is on (the bell listens there too)
    const cleared = ticketEvents("updateUnread", t.id);
    expect(cleared).toHaveLength(1);
    expect(cleared[0].data).toEqual({ action: "updateUnread", ticketId: t.id });
    expect([...cleared[0].channels].sort()).toEqual(
      [channels.tickets(env.a.companyId, env.a.agentQueueId, "open"), channels.allTickets(env.a.companyId, "open"), channels.user(env.a.companyId, env.a.agent.id)].sort(),
    );
    // nothing left to clear: no second event
    expect((await read(env.agentA, t.id)).body).toEqual({ read: false });
    expect(ticketEvents("updateUnread", t.id)).toHaveLength(1);
  });

  it("an admin peeking, an older page, or a pending ticket leave it unread", async () => {
    const mine = await ticketWithUnread("open", env.a.agent.id);
    expect((await open(env.adminA, mine.id)).status).toBe(200);
    expect((await open(env.agentA, mine.id, 2)).status).toBe(200);
    expect((await ticketRow(mine.id)).unreadMessages).toBe(2);
    const waiting = await ticketWithUnread("pending", null);
    expect((await open(env.agentA, waiting.id)).body.ticket.unreadMessages).toBe(2);
    expect((await read(env.agentA, waiting.id)).body).toEqual({ read: false });
    expect(await unreadMessagesOf(waiting.id)).toBe(2);
  });

  it("POST /read clears what arrived while the conversation was open; another company's ticket is 404", async () => {
    const t = await ticketWithUnread("open", env.a.agent.id);
    expect((await read(env.agentA, t.id)).body).toEqual({ read: true });
    expect(ticketEvents("updateUnread", t.id)).toHaveLength(1);
    expect((await ticketRow(t.id)).unreadMessages).toBe(0);
    const foreign = await read(env.adminB, t.id);
    expect(foreign.status).toBe(404);
  });
});
