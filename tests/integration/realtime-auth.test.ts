import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as authRoute } from "@/app/api/realtime/auth/route";
import { PUT as putUser } from "@/app/api/users/[id]/route";
import { getDb } from "@/db";
import { contacts, tickets, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { channels } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

// channel authorisation: never another company's channel, never a queue or ticket the user cannot open
const SECRET = randomBytes(16).toString("hex");
let a: Tenant;
let b: Tenant;
let admin: string;
let agent: string;
let otherAdmin: string;
let ticketInOtherQueue: number;
let ticketInAgentQueue: number;
const published: RealtimeEvent[] = [];

beforeAll(async () => {
  Object.assign(process.env, { PUSHER_APP_ID: "1", PUSHER_KEY: "test-key", PUSHER_SECRET: SECRET, PUSHER_HOST: "127.0.0.1", PUSHER_PORT: "1" });
  resetEnvCache();
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [admin, agent, otherAdmin] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  const db = getDb();
  const [contact] = await db.insert(contacts).values({ companyId: a.companyId, name: "Cliente", number: "5511999990000" }).returning();
  const [other, own] = await db
    .insert(tickets)
    .values([
      { companyId: a.companyId, contactId: contact.id, whatsappId: a.whatsappId, queueId: a.queueIds[1], status: "open" },
      { companyId: a.companyId, contactId: contact.id, whatsappId: null, queueId: a.agentQueueId, status: "pending" },
    ])
    .returning({ id: tickets.id });
  ticketInOtherQueue = other.id;
  ticketInAgentQueue = own.id;
});

afterAll(() => setRealtimeSink(null));

const auth = (token: string, channel: string) =>
  call(authRoute, { method: "POST", url: "/api/realtime/auth", token, body: { socket_id: "123.456", channel_name: channel } });

describe("POST /api/realtime/auth", () => {
  it("signs the company channel with the key, and refuses another company's", async () => {
    const ok = await auth(agent, channels.company(a.companyId));
    expect(ok.status).toBe(200);
    expect(ok.body.auth).toMatch(/^test-key:[0-9a-f]{64}$/);
    for (const ch of [channels.company(b.companyId), channels.presence(b.companyId), channels.user(b.companyId, b.admin.id)]) {
      expect((await auth(agent, ch)).status).toBe(403);
      expect((await auth(admin, ch)).status).toBe(403);
    }
    expect((await auth(otherAdmin, channels.company(a.companyId))).status).toBe(403);
  });

  it("signs the platform channel (announcements) for every signed-in user of every company", async () => {
    for (const token of [agent, admin, otherAdmin]) {
      const ok = await auth(token, channels.platform());
      expect(ok.status).toBe(200);
      expect(ok.body.auth).toMatch(/^test-key:[0-9a-f]{64}$/);
    }
    expect((await auth(agent, "private-platform-2")).status).toBe(403);
  });

  it("gives presence members their id and name", async () => {
    const res = await auth(agent, channels.presence(a.companyId));
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body.channel_data)).toEqual({ user_id: String(a.agent.id), user_info: { name: a.agent.name, profile: "user" } });
  });

  it("keeps admin channels and all-queue ticket lists for admins", async () => {
    for (const ch of [channels.admins(a.companyId), channels.allTickets(a.companyId, "open")]) {
      expect((await auth(admin, ch)).status).toBe(200);
      expect((await auth(agent, ch)).status).toBe(403);
    }
  });

  it("lets an agent list their queue and no-queue tickets, not another queue's", async () => {
    expect((await auth(agent, channels.tickets(a.companyId, a.agentQueueId, "open"))).status).toBe(200);
    expect((await auth(agent, channels.tickets(a.companyId, null, "pending"))).status).toBe(200);
    expect((await auth(agent, channels.tickets(a.companyId, a.queueIds[1], "open"))).status).toBe(403);
    expect((await auth(agent, channels.tickets(a.companyId, a.queueIds[1], "pending"))).status).toBe(403);
    expect((await auth(admin, channels.tickets(a.companyId, a.queueIds[1], "open"))).status).toBe(200);
  });

  it("lets an allTicket user see other queues' pending tickets only", async () => {
    await getDb().update(users).set({ allTicket: "enable" }).where(eq(users.id, a.agent.id));
    expect((await auth(agent, channels.tickets(a.companyId, a.queueIds[1], "pending"))).status).toBe(200);
    expect((await auth(agent, channels.tickets(a.companyId, a.queueIds[1], "open"))).status).toBe(403);
    await getDb().update(users).set({ allTicket: "disable" }).where(eq(users.id, a.agent.id));
  });

  it("opens a conversation channel only for a ticket the user may open", async () => {
    expect((await auth(agent, channels.ticket(a.companyId, ticketInAgentQueue))).status).toBe(200);
    expect((await auth(agent, channels.ticket(a.companyId, ticketInOtherQueue))).status).toBe(403);
    expect((await auth(admin, channels.ticket(a.companyId, ticketInOtherQueue))).status).toBe(200);
    // the id of A's ticket under B's company prefix is refused to B as well
    expect((await auth(otherAdmin, channels.ticket(b.companyId, ticketInAgentQueue))).status).toBe(403);
  });

  it("keeps a user's own channel to that user", async () => {
    expect((await auth(agent, channels.user(a.companyId, a.agent.id))).status).toBe(200);
    expect((await auth(agent, channels.user(a.companyId, a.admin.id))).status).toBe(403);
    expect((await auth(admin, channels.user(a.companyId, a.agent.id))).status).toBe(403);
  });

  it("refuses unknown channel names, a missing session and a malformed socket id", async () => {
    expect((await auth(admin, "private-anything")).status).toBe(403);
    expect((await auth(admin, "public-company")).status).toBe(403);
    const anon = await call(authRoute, { method: "POST", url: "/api/realtime/auth", body: { socket_id: "1.2", channel_name: channels.company(a.companyId) } });
    expect(anon.status).toBe(401);
    const bad = await call(authRoute, { method: "POST", url: "/api/realtime/auth", token: admin, body: { socket_id: "x", channel_name: channels.company(a.companyId) } });
    expect(bad.status).toBe(400);
  });
});

describe("what services publish", () => {
  it("a user update goes to the admins' channel (emails are for admins) with the fields lists show", async () => {
    published.length = 0;
    const res = await call(putUser, {
      method: "PUT",
      url: `/api/users/${a.agent.id}`,
      token: agent,
      params: { id: a.agent.id },
      body: { name: "Agente Renomeado", email: a.agent.email },
    });
    expect(res.status).toBe(200);
    const e = published.find((p) => p.event === "user");
    expect(e?.channels).toEqual([channels.admins(a.companyId)]);
    expect(e?.data).toEqual({ action: "update", user: expect.objectContaining({ id: a.agent.id, name: "Agente Renomeado" }) });
    expect(JSON.stringify(e?.data)).not.toContain("password");
  });

  it("a login tells the user's channel the new session id", async () => {
    published.length = 0;
    const s = await loginAs(a.admin);
    const e = published.find((p) => p.event === "auth");
    expect(e?.channels).toEqual([channels.user(a.companyId, a.admin.id)]);
    expect((e?.data as { sessionId: string }).sessionId).toMatch(/[0-9a-f-]{36}/);
    expect(s.token).toBeTruthy();
  });
});
