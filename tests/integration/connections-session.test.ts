import { eq } from "drizzle-orm";
import postgres from "postgres";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { DELETE as deleteRoute, GET as getRoute, PUT as putRoute } from "@/app/api/whatsapp/[id]/route";
import { GET as listRoute, POST as postRoute } from "@/app/api/whatsapp/route";
import { DELETE as logoutRoute, POST as startRoute, PUT as restartRoute } from "@/app/api/whatsappsession/[id]/route";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { dbKind } from "../helpers/race";

// Session requests (admin §7 Sessions) and every connection route against another company's ids.
const published: RealtimeEvent[] = [];
let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;

beforeAll(async () => {
  setRealtimeSink((events) => void published.push(...events));
  [a, b] = await Promise.all([createTenant(), createTenant()]);
  [adminA, agentA] = (await Promise.all([loginAs(a.admin), loginAs(a.agent)])).map((s) => s.token);
});
afterAll(() => setRealtimeSink(null));
beforeEach(() => void (published.length = 0));

const session = (handler: Handler, method: string, token: string, id: number) =>
  call(handler, { method, url: `/api/whatsappsession/${id}`, token, params: { id } });
const connectionEvents = () => published.filter((e) => e.event === EVENTS.whatsapp || e.event === EVENTS.whatsappSession);
const rowOf = async (id: number) => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, id)))[0];

describe("session requests", () => {
  it("POST (start / try again) sets OPENING, records the request and publishes the session to admins", async () => {
    await getDb().update(whatsapps).set({ status: "DISCONNECTED", sessionRequest: null }).where(eq(whatsapps.id, a.whatsappId));
    const res = await session(startRoute, "POST", adminA, a.whatsappId);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ id: a.whatsappId, status: "OPENING", queueIds: a.queueIds });
    const row = await rowOf(a.whatsappId);
    expect(row).toMatchObject({ status: "OPENING", sessionRequest: "start" });
    expect(Date.now() - row.sessionRequestedAt!.getTime()).toBeLessThan(60_000);
    const sessionEvent = published.find((e) => e.event === EVENTS.whatsappSession)!;
    expect(sessionEvent.channels).toEqual([channels.admins(a.companyId)]);
    expect(sessionEvent.data).toEqual({
      action: "update",
      session: { id: a.whatsappId, status: "OPENING", qrcode: "", retries: 0, updatedAt: row.updatedAt },
    });
    // everyone in the company sees the status change, without the token
    const summary = published.find((e) => e.event === EVENTS.whatsapp)!;
    expect(summary.channels).toEqual([channels.company(a.companyId)]);
    expect(summary.data).toMatchObject({ action: "update", whatsapp: { id: a.whatsappId, status: "OPENING" } });
    expect(JSON.stringify(summary.data)).not.toContain(row.token!);
  });

  it("PUT (new QR) restarts: OPENING, the old QR code and retries cleared", async () => {
    await getDb().update(whatsapps).set({ status: "qrcode", qrcode: "2@old", retries: 2 }).where(eq(whatsapps.id, a.whatsappId));
    const res = await session(restartRoute, "PUT", adminA, a.whatsappId);
    expect(res.status).toBe(200);
    expect(await rowOf(a.whatsappId)).toMatchObject({ status: "OPENING", qrcode: "", retries: 0, sessionRequest: "restart" });
    expect(published.find((e) => e.event === EVENTS.whatsappSession)!.data).toMatchObject({
      session: { id: a.whatsappId, status: "OPENING", qrcode: "", retries: 0 },
    });
  });

  it("DELETE (disconnect) asks the worker to log out and leaves the status to it", async () => {
    await getDb().update(whatsapps).set({ status: "CONNECTED", qrcode: "", sessionRequest: null }).where(eq(whatsapps.id, a.whatsappId));
    const res = await session(logoutRoute, "DELETE", adminA, a.whatsappId);
    expect(res.status).toBe(200);
    expect(await rowOf(a.whatsappId)).toMatchObject({ status: "CONNECTED", sessionRequest: "logout" });
    expect(published.map((e) => e.event).sort()).toEqual([EVENTS.whatsapp, EVENTS.whatsappSession]);
  });

  it.runIf(dbKind() === "postgres")("wakes the worker with NOTIFY whatsapp_session <id>", async () => {
    const sql = postgres(process.env.DATABASE_URL!, { max: 1, onnotice: () => {} });
    try {
      const heard: string[] = [];
      const sub = await sql.listen("whatsapp_session", (payload) => void heard.push(payload));
      await session(startRoute, "POST", adminA, a.whatsappId);
      const deadline = Date.now() + 3000;
      while (!heard.length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([String(a.whatsappId)]);
      await sub.unlisten();
    } finally {
      await sql.end({ timeout: 5 });
    }
  });

  it("are refused to agents (403) and leave the row alone", async () => {
    await getDb().update(whatsapps).set({ status: "CONNECTED", sessionRequest: null }).where(eq(whatsapps.id, a.whatsappId));
    for (const [handler, method] of [
      [startRoute, "POST"],
      [restartRoute, "PUT"],
      [logoutRoute, "DELETE"],
    ] as const) {
      expect(await session(handler, method, agentA, a.whatsappId)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    }
    expect(await rowOf(a.whatsappId)).toMatchObject({ status: "CONNECTED", sessionRequest: null });
    expect(connectionEvents()).toEqual([]);
  });
});

describe("another company's connection", () => {
  it("answers 404 on every route and stays as it was", async () => {
    const before = await rowOf(b.whatsappId);
    const id = b.whatsappId;
    const p = { params: { id }, token: adminA };
    const answers = [
      await call(getRoute, { url: `/api/whatsapp/${id}`, ...p }),
      await call(getRoute, { url: `/api/whatsapp/${id}`, params: { id }, token: agentA }),
      await call(putRoute, { method: "PUT", url: `/api/whatsapp/${id}`, ...p, body: { name: "Tomada", isDefault: true } }),
      await call(deleteRoute, { method: "DELETE", url: `/api/whatsapp/${id}`, ...p }),
      await session(startRoute, "POST", adminA, id),
      await session(restartRoute, "PUT", adminA, id),
      await session(logoutRoute, "DELETE", adminA, id),
    ];
    for (const res of answers) expect(res).toMatchObject({ status: 404, body: { error: "ERR_NO_WAPP_FOUND" } });
    expect(await rowOf(b.whatsappId)).toEqual(before);
    expect(connectionEvents()).toEqual([]);
  });

  it("never lists B's connections, and a companyId of B answers 404", async () => {
    const res = await call(listRoute, { url: "/api/whatsapp", token: adminA });
    expect(res.body.map((c: { id: number }) => c.id)).toEqual([a.whatsappId]);
    expect((await call(listRoute, { url: `/api/whatsapp?companyId=${b.companyId}`, token: agentA })).status).toBe(404);
    const created = await call(postRoute, { method: "POST", url: "/api/whatsapp", token: adminA, body: { name: "Intrusa", companyId: b.companyId } });
    expect(created.status).toBe(404);
    const put = await call(putRoute, {
      method: "PUT",
      url: `/api/whatsapp/${a.whatsappId}`,
      token: adminA,
      params: { id: a.whatsappId },
      body: { greetingMessage: "x", companyId: b.companyId },
    });
    expect(put.status).toBe(404);
  });

  it("B's queues cannot be linked to A's connection", async () => {
    const res = await call(putRoute, {
      method: "PUT",
      url: `/api/whatsapp/${a.whatsappId}`,
      token: adminA,
      params: { id: a.whatsappId },
      body: { queueIds: [b.queueIds[0]], transferQueueId: b.queueIds[1] },
    });
    expect(res).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
  });
});
