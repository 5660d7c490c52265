// Issue 6 part 3/4: the timed ticket rules (auto-transfer, expiry) over due times in the db, with a
// faked clock: through the services, the Inngest functions (@inngest/test, the "clock" step mocked)
// and the embedded scheduler. Running a rule again changes nothing more.
import { randomBytes } from "node:crypto";
import { InngestTestEngine } from "@inngest/test";
import { and, asc, eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as inngestGet } from "@/app/api/inngest/route";
import { getDb } from "@/db";
import { messages, tickets, whatsapps } from "@/db/schema";
import { expireInactiveTickets, runTicketTimers, transferDueTickets } from "@/lib/chatbot/ticket-timers";
import { RECONNECT_GRACE_S } from "@/lib/chatbot/expire-inactive-tickets";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { closeInactiveTicketsEveryMinute, transferWaitingTicketsEveryMinute } from "@/lib/jobs/functions/ticket-timers";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { functions } from "@/lib/jobs/functions";
import { createTenant, type Tenant } from "../helpers/factories";

const published: RealtimeEvent[] = [];
let t: Tenant;
let seq = 0;
const MIN = 60_000;
// the customers' messages are dated from here; the rules' clock is moved relative to it
const T0 = new Date("2025-05-05T12:00:00Z");
const at = (minutes: number) => new Date(T0.getTime() + minutes * MIN);

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  t = await createTenant();
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => {
  published.length = 0;
});
// every test sets the rules it needs: none leaks into the next one's sweep
afterEach(async () => {
  await getDb().update(whatsapps).set({ transferQueueId: null, timeToTransfer: null, expiresTicket: 0, expiresInactiveMessage: "", connectedAt: null }).where(eq(whatsapps.companyId, t.companyId));
  await getDb().update(tickets).set({ status: "closed" }).where(eq(tickets.companyId, t.companyId));
});

const number = () => `5521944${String(++seq).padStart(6, "0")}`;
const db = () => getDb();

/** A customer message at `when` (a new ticket for a new number). */
async function write(from: string, when: Date, extra: { isGroup?: boolean } = {}) {
  const r = await ingestInbound(db(), {
    companyId: t.companyId,
    whatsappId: t.whatsappId,
    message: {
      wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
      chatId: from,
      isGroup: !!extra.isGroup,
      from: { number: extra.isGroup ? number() : from, name: "Cliente" },
      ...(extra.isGroup ? { groupName: "Grupo" } : {}),
      fromMe: false,
      body: "Oi",
      mediaType: null,
      timestamp: when,
    },
  });
  return r.ticketId;
}

const ticket = async (id: number) => (await db().select().from(tickets).where(eq(tickets.id, id)))[0];
const botSaid = async (id: number) =>
  (await db().select().from(messages).where(and(eq(messages.ticketId, id), eq(messages.fromMe, true))).orderBy(asc(messages.id))).map((m) => m.body);
// expiry runs only on a CONNECTED connection (connected long enough: connectedAt null is "long ago")
const connection = (set: Partial<typeof whatsapps.$inferInsert>) =>
  db().update(whatsapps).set({ status: "CONNECTED", ...set }).where(eq(whatsapps.id, t.whatsappId));

/** The ticket taken by the agent in the first queue; the chatbot's words (sent at the real time) are dropped. */
async function held(id: number, extra: Partial<typeof tickets.$inferInsert> = {}) {
  await db().update(tickets).set({ status: "open", userId: t.agent.id, queueId: t.queueIds[0], ...extra }).where(eq(tickets.id, id));
  await db().delete(messages).where(and(eq(messages.ticketId, id), eq(messages.fromMe, true)));
}

/** An agent's message at `when`: the ticket's last word is ours. */
async function weSay(id: number, when: Date) {
  const [m] = await db()
    .insert(messages)
    .values({ companyId: t.companyId, ticketId: id, whatsappId: t.whatsappId, wid: `3B${++seq}${randomBytes(6).toString("hex")}`, body: "Posso ajudar?", fromMe: true, read: true, createdAt: when })
    .returning({ id: messages.id });
  return m.id;
}

describe("auto-transfer (transferQueueId + timeToTransfer)", () => {
  it("moves a waiting ticket without a queue once its customer's last message is older than the minutes, once", async () => {
    const [, target] = t.queueIds;
    await connection({ transferQueueId: target, timeToTransfer: 10 });
    const from = number();
    const id = await write(from, at(0));
    await write(from, at(5)); // the customer's last message: the wait counts from here

    expect(await transferDueTickets(db(), at(15))).toEqual({ count: 0, ticketIds: [] });
    expect(await transferDueTickets(db(), at(15.01))).toEqual({ count: 1, ticketIds: [id] });
    const moved = await ticket(id);
    expect(moved).toMatchObject({ status: "pending", queueId: target, userId: null, chatbot: false, queueOptionId: null });
    const del = published.find((e) => e.event === "ticket" && (e.data as { action: string }).action === "delete");
    expect(del?.channels).toContain(channels.tickets(t.companyId, null, "pending"));
    const upd = published.find((e) => e.event === "ticket" && e.channels.includes(channels.tickets(t.companyId, target, "pending")));
    expect(upd?.data).toMatchObject({ action: "update", ticket: { id, queueId: target } });

    // idempotent: again (and later) nothing moves, nothing changes
    published.length = 0;
    expect((await transferDueTickets(db(), at(60))).count).toBe(0);
    expect(await ticket(id)).toEqual(moved);
    expect(published).toEqual([]);
  });

  it("leaves tickets in a queue, with an agent, groups, and connections without both settings", async () => {
    const [q1, q2] = t.queueIds;
    await connection({ transferQueueId: q2, timeToTransfer: 10 });
    const inQueue = await write(number(), at(0));
    await db().update(tickets).set({ queueId: q1 }).where(eq(tickets.id, inQueue));
    const held = await write(number(), at(0));
    await db().update(tickets).set({ status: "open", userId: t.agent.id }).where(eq(tickets.id, held));
    const group = await write(`1203630000${++seq}`, at(0), { isGroup: true });
    expect((await transferDueTickets(db(), at(30))).count).toBe(0);

    const waiting = await write(number(), at(0));
    await connection({ timeToTransfer: 0 });
    expect((await transferDueTickets(db(), at(30))).count).toBe(0);
    await connection({ timeToTransfer: 10, transferQueueId: null });
    expect((await transferDueTickets(db(), at(30))).count).toBe(0);
    for (const id of [inQueue, held, group, waiting]) expect((await ticket(id)).queueId).not.toBe(q2);
  });

  it("two sweeps at once move each ticket once", async () => {
    await connection({ transferQueueId: t.queueIds[1], timeToTransfer: 1 });
    const ids = [await write(number(), at(0)), await write(number(), at(0)), await write(number(), at(0))];
    const runs = await Promise.all([transferDueTickets(db(), at(5)), transferDueTickets(db(), at(5)), transferDueTickets(db(), at(5), 1)]);
    expect(runs.flatMap((r) => r.ticketIds).sort()).toEqual([...ids].sort());
  });
});

describe("expiry (expiresTicket + expiresInactiveMessage)", () => {
  it("closes open tickets whose last word is ours and the customer left unanswered that long, the inactivity message first, once", async () => {
    await connection({ expiresTicket: 30, expiresInactiveMessage: "Encerramos por inatividade." });
    const answered = await write(number(), at(0));
    await held(answered, { useIntegration: true });
    await weSay(answered, at(5));
    const replied = number();
    const repliedId = await write(replied, at(0));
    await held(repliedId);
    await weSay(repliedId, at(5));
    await write(replied, at(20)); // the customer answered us: they are waiting now

    expect((await expireInactiveTickets(db(), at(35))).count).toBe(0);
    const res = await expireInactiveTickets(db(), at(35.01));
    expect(res.ticketIds).toEqual([answered]);
    expect(await ticket(answered)).toMatchObject({ status: "closed", queueId: t.queueIds[0], userId: t.agent.id, useIntegration: false, chatbot: false });
    expect((await ticket(repliedId)).status).toBe("open");
    const [notice] = await db().select().from(messages).where(and(eq(messages.ticketId, answered), eq(messages.body, "Encerramos por inatividade.")));
    expect(notice).toMatchObject({ fromMe: true, sendStatus: "pending", whatsappId: t.whatsappId });
    // the lists drop it from open
    expect(published.some((e) => e.event === "ticket" && e.channels.includes(channels.tickets(t.companyId, t.queueIds[0], "closed")))).toBe(true);

    // idempotent: a second sweep closes nothing and sends no second notice
    expect((await expireInactiveTickets(db(), at(500))).count).toBe(0);
    expect((await botSaid(answered)).filter((b) => b === "Encerramos por inatividade.")).toHaveLength(1);
    expect((await ticket(repliedId)).status).toBe("open");
  });

  it("the inactivity message becomes the closed ticket's lastMessage, in the lists' update too", async () => {
    await connection({ expiresTicket: 5, expiresInactiveMessage: "  Encerramos por inatividade. " });
    const id = await write(number(), at(0));
    await held(id, { lastMessage: "Posso ajudar?" });
    await weSay(id, at(1));
    expect((await expireInactiveTickets(db(), at(6.01))).ticketIds).toEqual([id]);
    expect(await ticket(id)).toMatchObject({ status: "closed", lastMessage: "Encerramos por inatividade." });
    const closedList = published.find((e) => e.event === "ticket" && e.channels.includes(channels.tickets(t.companyId, t.queueIds[0], "closed")));
    expect(closedList?.data).toMatchObject({ action: "update", ticket: { id, status: "closed", lastMessage: "Encerramos por inatividade." } });
  });

  it("never closes a customer waiting for us: pending tickets, open ones whose last message is theirs, ones with no message", async () => {
    await connection({ expiresTicket: 5, expiresInactiveMessage: "Encerramos por inatividade." });
    const pending = await write(number(), at(0));
    await weSay(pending, at(1)); // even after a word of ours, a pending ticket waits for an agent
    await db().update(tickets).set({ status: "pending" }).where(eq(tickets.id, pending));
    const waiting = await write(number(), at(0));
    await held(waiting);
    const silent = await write(number(), at(0));
    await held(silent);
    await db().delete(messages).where(eq(messages.ticketId, silent));
    const group = await write(`1203630000${++seq}`, at(0), { isGroup: true });
    await held(group);
    await weSay(group, at(1));

    expect((await expireInactiveTickets(db(), at(100_000))).count).toBe(0);
    for (const id of [pending, waiting, silent, group]) expect((await botSaid(id)).includes("Encerramos por inatividade.")).toBe(false);
    expect((await ticket(pending)).status).toBe("pending");
    for (const id of [waiting, silent, group]) expect((await ticket(id)).status).toBe("open");
  });

  it("waits while the connection is not CONNECTED, and for a grace period after it connects (WhatsApp may hold the answer)", async () => {
    const id = await write(number(), at(0));
    await held(id);
    await weSay(id, at(1));
    for (const status of ["DISCONNECTED", "OPENING", "TIMEOUT", "qrcode", "PAIRING"]) {
      await connection({ expiresTicket: 5, status });
      expect((await expireInactiveTickets(db(), at(60))).count).toBe(0);
    }
    // connected at minute 59: the answer held for us may still be on its way
    await connection({ expiresTicket: 5, connectedAt: at(59) });
    expect((await expireInactiveTickets(db(), at(60))).count).toBe(0);
    expect((await expireInactiveTickets(db(), at(59 + RECONNECT_GRACE_S / 60 - 0.01))).count).toBe(0);
    expect((await expireInactiveTickets(db(), at(59 + RECONNECT_GRACE_S / 60))).ticketIds).toEqual([id]);
  });

  it("a message we deleted is not our last word", async () => {
    await connection({ expiresTicket: 5 });
    const id = await write(number(), at(0));
    await held(id);
    const ours = await weSay(id, at(1));
    await db().update(messages).set({ isDeleted: true }).where(eq(messages.id, ours));
    expect((await expireInactiveTickets(db(), at(60))).count).toBe(0);
  });

  it("closes without a message when none is set; expiresTicket 0 never closes", async () => {
    await connection({ expiresTicket: 0 });
    const id = await write(number(), at(0));
    await held(id);
    await weSay(id, at(1));
    expect((await expireInactiveTickets(db(), at(100_000))).count).toBe(0);
    await connection({ expiresTicket: 5, expiresInactiveMessage: "  " });
    const before = (await botSaid(id)).length;
    expect((await expireInactiveTickets(db(), at(6.01))).ticketIds).toEqual([id]);
    expect(await botSaid(id)).toHaveLength(before);
  });
});

describe("Inngest functions (clock step mocked)", () => {
  const clock = (d: Date) => [{ id: "clock", handler: () => d.toISOString() }];

  it("transfer-waiting-tickets moves what is due at its clock, and a second run nothing", async () => {
    await connection({ transferQueueId: t.queueIds[1], timeToTransfer: 10 });
    const id = await write(number(), at(0));
    const run = (d: Date) => new InngestTestEngine({ function: transferWaitingTicketsEveryMinute, steps: clock(d) }).execute();
    expect((await run(at(9))).result).toEqual({ transferred: 0 });
    expect((await run(at(11))).result).toEqual({ transferred: 1 });
    expect((await ticket(id)).queueId).toBe(t.queueIds[1]);
    expect((await run(at(12))).result).toEqual({ transferred: 0 });
  });

  it("close-inactive-tickets closes what is due at its clock, once", async () => {
    await connection({ expiresTicket: 10, expiresInactiveMessage: "Tchau." });
    const id = await write(number(), at(0));
    await held(id);
    await weSay(id, at(0));
    const run = (d: Date) => new InngestTestEngine({ function: closeInactiveTicketsEveryMinute, steps: clock(d) }).execute();
    const [first, second] = [await run(at(11)), await run(at(12))];
    expect(first.result).toEqual({ closed: 1 });
    expect(second.result).toEqual({ closed: 0 });
    expect((await ticket(id)).status).toBe("closed");
    expect((await botSaid(id)).filter((b) => b === "Tchau.")).toHaveLength(1);
  });

  it("reads the real clock in its own step when run for real", async () => {
    const { result, ctx } = await new InngestTestEngine({ function: closeInactiveTicketsEveryMinute }).execute();
    expect(result).toEqual({ closed: 0 });
    expect(ctx.step.run).toHaveBeenCalledWith("clock", expect.any(Function));
  });

  it("are served at /api/inngest beside the schedules ones", async () => {
    process.env.INNGEST_DEV = "1";
    try {
      const res = await inngestGet(new NextRequest("http://127.0.0.1:3000/api/inngest"), undefined);
      expect(await res.json()).toMatchObject({ function_count: functions.length });
    } finally {
      delete process.env.INNGEST_DEV;
    }
  });
});

describe("the embedded scheduler", () => {
  it("runs both rules on its tick with its clock; a second tick does nothing", async () => {
    await connection({ transferQueueId: t.queueIds[1], timeToTransfer: 10, expiresTicket: 60 });
    const waiting = await write(number(), at(0));
    const old = await write(number(), at(-90));
    await held(old);
    await weSay(old, at(-80));
    const lines: string[] = [];
    const scheduler = createEmbeddedScheduler({ db: getDb, log: (l) => lines.push(l), now: () => at(11) });
    await scheduler.tick();
    expect(lines.sort()).toEqual(["closed 1 inactive ticket(s)", "moved 1 waiting ticket(s) to their transfer queue"].sort());
    expect(await ticket(waiting)).toMatchObject({ queueId: t.queueIds[1], status: "pending" });
    expect(await ticket(old)).toMatchObject({ status: "closed" });
    lines.length = 0;
    await scheduler.tick();
    expect(lines).toEqual([]);
    expect(await runTicketTimers(db(), at(11))).toEqual({ transferred: 0, closed: 0, full: false });
  });
});
