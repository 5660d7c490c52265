import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { webhookDeliveries, whatsapps } from "@/db/schema";
import { isSealed, openSecret } from "@/lib/crypto/secret-box";
import { GET as getDeliveries } from "@/app/api/whatsapp/[id]/webhook/deliveries/route";
import { GET as getWebhook, PUT as putWebhook } from "@/app/api/whatsapp/[id]/webhook/route";
import { POST as rotateSecret } from "@/app/api/whatsapp/[id]/webhook/secret/route";
import { call } from "../helpers/http";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";

// issue 14 §2: the connection's webhook settings, its secret shown once and stored sealed, the deliveries list.
let a: Tenant;
let b: Tenant;
let adminA = "";
let agentA = "";
let adminB = "";

beforeAll(async () => {
  [a, b] = await Promise.all([createTenant({ chatbot: false }), createTenant({ chatbot: false })]);
  [adminA, agentA, adminB] = (await Promise.all([loginAs(a.admin), loginAs(a.agent), loginAs(b.admin)])).map((s) => s.token);
});

const url = (id: number, rest = "") => `/api/whatsapp/${id}/webhook${rest}`;
const put = (token: string, id: number, body: unknown) => call(putWebhook, { method: "PUT", url: url(id), token, params: { id }, body });
const storedSecret = async (id: number) => (await getDb().select({ s: whatsapps.webhookSecret }).from(whatsapps).where(eq(whatsapps.id, id)))[0].s;

describe("webhook settings API", () => {
  it("shows the secret once, on the first URL, and stores it sealed", async () => {
    expect((await call(getWebhook, { url: url(a.whatsappId), token: adminA, params: { id: a.whatsappId } })).body).toEqual({ url: null, events: [], hasSecret: false, standardSignature: false });
    const first = await put(adminA, a.whatsappId, { url: "https://hooks.example.com/in", events: ["message.received", "ticket.closed"] });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ url: "https://hooks.example.com/in", events: ["message.received", "ticket.closed"], hasSecret: true });
    const secret = first.body.secret as string;
    // Standard Webhooks' encoding: whsec_ and the base64 of 32 random bytes
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const stored = (await storedSecret(a.whatsappId))!;
    expect(isSealed(stored)).toBe(true);
    expect(stored).not.toContain(secret.slice(6));
    expect(openSecret(stored)).toBe(secret);

    const again = await put(adminA, a.whatsappId, { url: "https://hooks.example.com/v2", events: ["message.ack"] });
    expect(again.body).toEqual({ url: "https://hooks.example.com/v2", events: ["message.ack"], hasSecret: true, standardSignature: true });
    const read = await call(getWebhook, { url: url(a.whatsappId), token: adminA, params: { id: a.whatsappId } });
    expect(read.body).toEqual({ url: "https://hooks.example.com/v2", events: ["message.ack"], hasSecret: true, standardSignature: true });
    expect(JSON.stringify(read.body)).not.toContain(secret);
  });

  it("rotates: a new secret answered once, the old one gone", async () => {
    const before = openSecret((await storedSecret(a.whatsappId))!);
    const res = await call(rotateSecret, { method: "POST", url: url(a.whatsappId, "/secret"), token: adminA, params: { id: a.whatsappId } });
    expect(res.status).toBe(200);
    expect(res.body.secret).toMatch(/^whsec_/);
    expect(res.body.secret).not.toBe(before);
    expect(openSecret((await storedSecret(a.whatsappId))!)).toBe(res.body.secret);
  });

  it("refuses bad URLs and events with 400, agents with 403, another company's connection with 404", async () => {
    expect((await put(adminA, a.whatsappId, { url: "javascript:alert(1)", events: [] })).status).toBe(400);
    expect((await put(adminA, a.whatsappId, { url: "https://x.test", events: ["everything"] })).status).toBe(400);
    expect((await put(agentA, a.whatsappId, { url: "https://x.test", events: [] })).status).toBe(403);
    expect((await call(getWebhook, { url: url(a.whatsappId), token: agentA, params: { id: a.whatsappId } })).status).toBe(403);
    expect((await put(adminB, a.whatsappId, { url: "https://x.test", events: [] })).status).toBe(404);
    expect((await call(getWebhook, { url: url(a.whatsappId), token: adminB, params: { id: a.whatsappId } })).status).toBe(404);
    expect((await call(rotateSecret, { method: "POST", url: url(a.whatsappId, "/secret"), token: adminB, params: { id: a.whatsappId } })).status).toBe(404);
    // B's attempts changed nothing of A's
    expect((await call(getWebhook, { url: url(a.whatsappId), token: adminA, params: { id: a.whatsappId } })).body.url).toBe("https://hooks.example.com/v2");
  });

  it("turning it off keeps the secret", async () => {
    const off = await put(adminA, a.whatsappId, { url: "", events: [] });
    expect(off.body).toEqual({ url: null, events: [], hasSecret: true, standardSignature: true });
  });
});

describe("deliveries list", () => {
  it("answers the connection's last 50, newest first, to its company's admins only", async () => {
    const row = (t: Tenant, i: number) => ({
      companyId: t.companyId,
      whatsappId: t.whatsappId,
      eventId: `evt-${t.companyId}-${i}`,
      event: "message.received",
      payload: { i },
      createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)),
    });
    await getDb().insert(webhookDeliveries).values([...Array.from({ length: 55 }, (_, i) => row(a, i)), row(b, 0)]);
    await getDb().update(webhookDeliveries).set({ status: "failed", lastStatusCode: 500, lastError: "HTTP 500", attempts: 9 }).where(eq(webhookDeliveries.eventId, `evt-${a.companyId}-54`));
    const res = await call(getDeliveries, { url: url(a.whatsappId, "/deliveries"), token: adminA, params: { id: a.whatsappId } });
    expect(res.status).toBe(200);
    const list = res.body.deliveries as { eventId: string; status: string; statusCode: number | null; error: string | null; attempts: number }[];
    expect(list).toHaveLength(50);
    expect(list[0]).toMatchObject({ eventId: `evt-${a.companyId}-54`, event: "message.received", status: "failed", statusCode: 500, error: "HTTP 500", attempts: 9 });
    expect(list.at(-1)?.eventId).toBe(`evt-${a.companyId}-5`);
    expect(list.every((d) => d.eventId.startsWith(`evt-${a.companyId}-`))).toBe(true);
    expect(JSON.stringify(list)).not.toContain("payload");

    expect((await call(getDeliveries, { url: url(a.whatsappId, "/deliveries"), token: adminB, params: { id: a.whatsappId } })).status).toBe(404);
    expect((await call(getDeliveries, { url: url(a.whatsappId, "/deliveries"), token: agentA, params: { id: a.whatsappId } })).status).toBe(403);
    const own = await call(getDeliveries, { url: url(b.whatsappId, "/deliveries"), token: adminB, params: { id: b.whatsappId } });
    expect(own.body.deliveries.map((d: { eventId: string }) => d.eventId)).toEqual([`evt-${b.companyId}-0`]);
  });
});
