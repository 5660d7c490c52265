// The sandbox phone's API and its provider run by a worker, on real Postgres.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as ack } from "@/app/api/sandbox/[connectionId]/ack/route";
import { POST as inbound } from "@/app/api/sandbox/[connectionId]/inbound/route";
import { GET as outbound } from "@/app/api/sandbox/[connectionId]/outbound/route";
import { POST as scan } from "@/app/api/sandbox/[connectionId]/scan/route";
import { getDb } from "@/db";
import { messages, tickets, whatsapps } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { queueOutbound } from "@/lib/messages/queue-outbound";
import type { WhatsAppWorker } from "@/lib/whatsapp/worker/whatsapp-worker";
import { createSandboxWorker } from "../helpers/sandbox-worker";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { call } from "../helpers/http";

let a: Tenant;
let b: Tenant;
let adminA: string;
let agentA: string;
let adminB: string;
let worker: WhatsAppWorker;
const id = () => a.whatsappId;
const p = () => ({ connectionId: id() });

beforeAll(async () => {
  process.env.SANDBOX_ENABLED = "1";
  resetEnvCache();
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
  await getDb().update(whatsapps).set({ sessionRequest: "start", sessionRequestedAt: new Date() }).where(eq(whatsapps.id, id()));
  worker = createSandboxWorker("w-sandbox-test");
  await worker.tick();
});
afterAll(async () => {
  await worker.stop();
  delete process.env.SANDBOX_ENABLED;
  resetEnvCache();
});

const view = async (token = adminA, to?: string) =>
  (await call(outbound, { url: `/api/sandbox/${id()}/outbound${to ? `?to=${to}` : ""}`, token, params: p() })).body;

describe("sandbox phone", () => {
  it("pairs by scanning the QR the connection shows", async () => {
    await expect.poll(async () => (await view()).state.qrCode).toMatch(/^SANDBOX:/);
    const qr = (await view()).state.qrCode;
    const wrong = await call(scan, { method: "POST", url: `/api/sandbox/${id()}/scan`, token: adminA, params: p(), body: { code: "SANDBOX:nope" } });
    expect(wrong).toMatchObject({ status: 409, body: { error: "ERR_SANDBOX_QR_MISMATCH" } });
    const ok = await call(scan, { method: "POST", url: `/api/sandbox/${id()}/scan`, token: adminA, params: p(), body: { code: qr } });
    expect(ok.status).toBe(200);
    await expect.poll(async () => (await getDb().select().from(whatsapps).where(eq(whatsapps.id, id())))[0].status).toBe("CONNECTED");
  });

  it("delivers a customer's message once, even when the same id is sent again", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await call(inbound, { method: "POST", url: `/api/sandbox/${id()}/inbound`, token: adminA, params: p(), body: { from: "55 11 97777-0001", name: "Bia", body: "Oi!", id: "SBX-FIXED-1" } });
      expect(res.status).toBe(200);
    }
    await expect.poll(async () => (await getDb().select().from(messages).where(eq(messages.wid, "SBX-FIXED-1"))).length).toBe(1);
    const [t] = await getDb().select().from(tickets).where(eq(tickets.whatsappId, id()));
    expect(t).toMatchObject({ status: "pending", lastMessage: "Oi!", unreadMessages: 1 });
  });

  it("stores media from a data URL and never fetches a URL", async () => {
    const png = "data:image/png;base64," + Buffer.from([137, 80, 78, 71]).toString("base64");
    const ok = await call(inbound, { method: "POST", url: `/api/sandbox/${id()}/inbound`, token: adminA, params: p(), body: { from: "5511977770001", body: "foto", mediaUrl: png } });
    expect(ok.status).toBe(200);
    const remote = await call(inbound, { method: "POST", url: `/api/sandbox/${id()}/inbound`, token: adminA, params: p(), body: { from: "5511977770001", mediaUrl: "http://169.254.169.254/latest" } });
    expect(remote.status).toBe(400);
    await expect.poll(async () => (await getDb().select().from(messages).where(eq(messages.body, "foto")))[0]?.mediaType).toBe("image");
  });

  it("shows an agent's reply with its ticks, and reports the customer's read", async () => {
    const [t] = await getDb().select().from(tickets).where(eq(tickets.whatsappId, id()));
    const ctx = { companyId: a.companyId, userId: a.admin.id, profile: "admin" as const, queueIds: a.queueIds, super: false, sessionId: "s" };
    const [m] = await queueOutbound(getDb(), ctx, t.id, { body: "Olá Bia" });
    await worker.tick();
    await expect.poll(async () => (await view(adminA, "5511977770001")).messages.find((x: { body: string }) => x.body === "Olá Bia")?.ack).toBe(2);
    const read = await call(ack, { method: "POST", url: `/api/sandbox/${id()}/ack`, token: adminA, params: p(), body: { to: "5511977770001", ack: 3 } });
    expect(read.body.updated).toHaveLength(1);
    await expect.poll(async () => (await getDb().select().from(messages).where(eq(messages.id, m.id)))[0].ack).toBe(3);
  });

  it("is for admins of the connection's company only, and only with the sandbox enabled", async () => {
    expect((await call(outbound, { url: `/api/sandbox/${id()}/outbound`, token: agentA, params: p() })).status).toBe(403);
    expect((await call(outbound, { url: `/api/sandbox/${id()}/outbound`, token: adminB, params: p() })).status).toBe(404);
    const bp = { connectionId: b.whatsappId };
    expect((await call(inbound, { method: "POST", url: `/api/sandbox/${b.whatsappId}/inbound`, token: adminA, params: bp, body: { from: "5511977770002", body: "x" } })).status).toBe(404);
    process.env.SANDBOX_ENABLED = "0";
    resetEnvCache();
    expect((await call(outbound, { url: `/api/sandbox/${id()}/outbound`, token: adminA, params: p() })).status).toBe(404);
    process.env.SANDBOX_ENABLED = "1";
    resetEnvCache();
  });
});
