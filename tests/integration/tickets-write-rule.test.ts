import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DELETE as deleteMessageRoute, POST as postMessage } from "@/app/api/messages/[id]/route";
import { POST as syncTagsRoute } from "@/app/api/tags/sync/route";
import { GET as getTicketRoute } from "@/app/api/tickets/[id]/route";
import { POST as postNoteRoute } from "@/app/api/ticket-notes/route";
import { getDb } from "@/db";
import { messages, tags, users } from "@/db/schema";
import { authorizeChannel } from "@/lib/realtime/authorize-channel";
import { channels } from "@/lib/realtime/channels";
import { createUsers, loginAs } from "../helpers/factories";
import { call } from "../helpers/http";
import { captureRealtime, makeTicket, published, put, ticketRow, twoCompanies, type Env } from "../helpers/ticket-env";

// Issue 12, "rule defects": one rule for writing in and changing a ticket (lib/tickets/ticket-rules.ts).
// A non-admin writes in and changes only open tickets that are theirs; accepts pending ones of their
// queues (every queue's with allTicket, which then are theirs); reopening a closed ticket of their
// queues makes it theirs. Opening another queue's ticket that is not theirs stays refused.
let env: Env;
let colleague: { id: number; token: string };
captureRealtime();
beforeAll(async () => {
  env = await twoCompanies();
  const [u] = await createUsers(env.a.companyId, 1, "Colega");
  colleague = { id: u.id, token: (await loginAs(u)).token };
});

const forbidden = { status: 403, body: { error: "ERR_NO_PERMISSION" } };
const send = (token: string, ticketId: number, body = "Olá") =>
  call(postMessage, { method: "POST", url: `/api/messages/${ticketId}`, token, params: { id: ticketId }, body: { body } });
const open = (token: string, id: number) => call(getTicketRoute, { url: `/api/tickets/${id}`, token, params: { id } });
const setAllTicket = (value: "enable" | "disable") => getDb().update(users).set({ allTicket: value }).where(eq(users.id, env.a.agent.id));
const ctxOf = (userId: number, queueIds: number[]) =>
  ({ companyId: env.a.companyId, userId, profile: "user", queueIds, super: false, sessionId: "s" }) as const;

describe("reopen (spec core §4: assigned to the current user, same queue)", () => {
  it("lets an agent reopen a colleague's closed ticket of their queue: it becomes theirs", async () => {
    const t = await makeTicket(env.a, { status: "closed", queueId: env.a.agentQueueId, userId: env.a.admin.id });
    expect(await put(env.agentA, t.id, { status: "open" })).toMatchObject({ status: 200, body: { status: "open", userId: env.a.agent.id, queueId: env.a.agentQueueId } });
    expect(await ticketRow(t.id)).toMatchObject({ status: "open", userId: env.a.agent.id, queueId: env.a.agentQueueId });
  });

  it("lets them reopen a closed ticket without a queue, not one of another queue", async () => {
    const none = await makeTicket(env.a, { status: "closed", userId: env.a.admin.id });
    expect(await put(env.agentA, none.id, { status: "open" })).toMatchObject({ status: 200, body: { userId: env.a.agent.id } });
    const other = await makeTicket(env.a, { status: "closed", queueId: env.a.queueIds[1], userId: env.a.admin.id });
    expect(await put(env.agentA, other.id, { status: "open" })).toMatchObject(forbidden);
    // naming someone else on a reopen is still an admin's
    const named = await makeTicket(env.a, { status: "closed", queueId: env.a.agentQueueId, userId: env.a.admin.id });
    expect(await put(env.agentA, named.id, { status: "open", userId: env.a.admin.id })).toMatchObject(forbidden);
    expect(await ticketRow(other.id)).toMatchObject({ status: "closed", userId: env.a.admin.id });
  });
});

describe("writing in a ticket", () => {
  it("sends messages only in one's own open tickets (admins in any)", async () => {
    const colleagues = await makeTicket(env.a, { status: "open", queueId: env.a.agentQueueId, userId: env.a.admin.id });
    expect(await send(env.agentA, colleagues.id)).toMatchObject(forbidden);
    const pending = await makeTicket(env.a, { status: "pending", queueId: env.a.agentQueueId });
    expect(await send(env.agentA, pending.id)).toMatchObject(forbidden);
    const mine = await makeTicket(env.a, { status: "open", queueId: env.a.agentQueueId, userId: env.a.agent.id });
    expect((await send(env.agentA, mine.id)).status).toBe(200);
    expect((await send(env.adminA, colleagues.id)).status).toBe(200);
    // a closed ticket of one's own answers as before: reopen it first
    const closed = await makeTicket(env.a, { status: "closed", queueId: env.a.agentQueueId, userId: env.a.agent.id });
    expect(await send(env.agentA, closed.id)).toMatchObject({ status: 409, body: { error: "ERR_TICKET_CLOSED" } });
    // the refused sends wrote nothing: the admin's message alone
    expect(await getDb().select().from(messages).where(eq(messages.ticketId, colleagues.id))).toHaveLength(1);
  });

  it("deletes own messages and sets tags only in one's own open tickets; notes stay open to whoever may open it", async () => {
    const t = await makeTicket(env.a, { status: "open", queueId: env.a.agentQueueId, userId: colleague.id });
    const sent = await send(env.adminA, t.id, "da empresa");
    const messageId = sent.body.messages[0].id;
    const remove = (token: string) => call(deleteMessageRoute, { method: "DELETE", url: `/api/messages/${messageId}`, token, params: { id: messageId } });
    expect(await remove(env.agentA)).toMatchObject(forbidden);
    const [tag] = await getDb().insert(tags).values({ companyId: env.a.companyId, name: `T${t.id}`, color: "#112233" }).returning();
    const sync = (token: string) => call(syncTagsRoute, { method: "POST", url: "/api/tags/sync", token, body: { ticketId: t.id, tags: [{ id: tag.id }] } });
    expect(await sync(env.agentA)).toMatchObject(forbidden);
    const note = await call(postNoteRoute, { method: "POST", url: "/api/ticket-notes", token: env.agentA, body: { note: "Cliente VIP", ticketId: t.id, contactId: t.contactId } });
    expect(note.status).toBe(201);
    // the holder does all of it
    expect((await sync(colleague.token)).status).toBe(200);
    expect((await remove(colleague.token)).status).toBe(200);
  });

  it("changes only open tickets that are theirs: a pending one is accepted or closed, not transferred", async () => {
    const pending = await makeTicket(env.a, { status: "pending", queueId: env.a.agentQueueId });
    expect(await put(env.agentA, pending.id, { queueId: env.a.queueIds[1], userId: null })).toMatchObject(forbidden);
    expect(await ticketRow(pending.id)).toMatchObject({ status: "pending", queueId: env.a.agentQueueId });
    const mine = await makeTicket(env.a, { status: "open", queueId: env.a.agentQueueId, userId: env.a.agent.id });
    expect(await put(env.agentA, mine.id, { queueId: env.a.queueIds[1], userId: null })).toMatchObject({ status: 200, body: { status: "pending" } });
  });
});

describe("allTicket (spec core §2: they are shown every queue's pending tickets)", () => {
  it("lets an allTicket agent accept another queue's pending ticket, which is then theirs to open", async () => {
    await setAllTicket("enable");
    try {
      const t = await makeTicket(env.a, { status: "pending", queueId: env.a.queueIds[1] });
      expect(await open(env.agentA, t.id)).toMatchObject(forbidden);
      const agent = ctxOf(env.a.agent.id, [env.a.agentQueueId]);
      expect(await authorizeChannel(getDb(), agent, channels.ticket(env.a.companyId, t.id))).toEqual({ ok: false });
      expect(await put(env.agentA, t.id, { status: "open" })).toMatchObject({ status: 200, body: { status: "open", userId: env.a.agent.id, queueId: env.a.queueIds[1] } });
      expect((await open(env.agentA, t.id)).status).toBe(200);
      expect(await authorizeChannel(getDb(), agent, channels.ticket(env.a.companyId, t.id))).toEqual({ ok: true });
      // their open list hears it on their own channel (they do not hear the other queue's)
      const own = channels.user(env.a.companyId, env.a.agent.id);
      expect(published.some((e) => e.event === "ticket" && e.channels.includes(own) && (e.data as { ticket?: { id: number } }).ticket?.id === t.id)).toBe(true);
      expect(await authorizeChannel(getDb(), agent, own)).toEqual({ ok: true });
      expect(await authorizeChannel(getDb(), agent, channels.tickets(env.a.companyId, env.a.queueIds[1], "open"))).toEqual({ ok: false });
    } finally {
      await setAllTicket("disable");
    }
  });

  it("lets them close such a ticket (Finalizar), not transfer it; without allTicket both are refused", async () => {
    const t = await makeTicket(env.a, { status: "pending", queueId: env.a.queueIds[1] });
    expect(await put(env.agentA, t.id, { status: "closed" })).toMatchObject(forbidden);
    expect(await put(env.agentA, t.id, { status: "open" })).toMatchObject(forbidden);
    await setAllTicket("enable");
    try {
      expect(await put(env.agentA, t.id, { queueId: env.a.agentQueueId, userId: null })).toMatchObject(forbidden);
      expect(await put(env.agentA, t.id, { status: "closed" })).toMatchObject({ status: 200, body: { status: "closed" } });
      // closed, another queue's and not theirs: no reopen, as it cannot be opened
      const closed = await makeTicket(env.a, { status: "closed", queueId: env.a.queueIds[1], userId: env.a.admin.id });
      expect(await put(env.agentA, closed.id, { status: "open" })).toMatchObject(forbidden);
      // an open ticket of another queue held by a colleague stays out of reach
      const held = await makeTicket(env.a, { status: "open", queueId: env.a.queueIds[1], userId: env.a.admin.id });
      expect(await put(env.agentA, held.id, { status: "open" })).toMatchObject(forbidden);
    } finally {
      await setAllTicket("disable");
    }
  });
});
