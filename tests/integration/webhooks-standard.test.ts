import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { GET as getWebhook } from "@/app/api/whatsapp/[id]/webhook/route";
import { POST as rotateSecret } from "@/app/api/whatsapp/[id]/webhook/secret/route";
import { PUT as updateTicketRoute } from "@/app/api/tickets/[id]/route";
import { getDb } from "@/db";
import { webhookDeliveries, whatsapps } from "@/db/schema";
import { sealSecret } from "@/lib/crypto/secret-box";
import { resetEnvCache } from "@/lib/env";
import { applyAck } from "@/lib/messages/apply-provider-update";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";
import type { WebhookPayload } from "@/lib/webhooks/events";
import { verifyWebhookSignature } from "@/lib/webhooks/sign";
import { updateWebhookSettings } from "@/lib/webhooks/webhook-settings";
import { call } from "../helpers/http";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";
import { webhookBodyProblem } from "./openapi-contract";

// issue 34 §7.6-7: deliveries signed as Standard Webhooks (checked with its own npm package) beside
// the legacy X-Webhook-* headers, and the payload's times as ISO 8601 UTC with `Z`, as documented.
type Received = { headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
let server: Server;
let url = "";
let t: Tenant;
let admin = "";
let seq = 0;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ headers: req.headers, body });
      res.writeHead(200).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
  t = await createTenant({ chatbot: false });
  admin = (await loginAs(t.admin)).token;
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
  server.closeAllConnections();
  await new Promise<void>((r) => server.close(() => r()));
});
beforeEach(() => {
  received.length = 0;
});

const ingest = () => {
  const n = `5511966${String(++seq).padStart(6, "0")}`;
  const wid = `3A${randomBytes(8).toString("hex").toUpperCase()}`;
  const message = { wid, chatId: n, isGroup: false, from: { number: n, name: "Ana" }, fromMe: false, body: "Oi", mediaType: null, timestamp: new Date() };
  return ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message }).then((r) => ({ ...r, wid }));
};
/** A secret as connections made before this change kept it: whsec_ and base64url of 32 bytes. */
const setLegacySecret = (secret: string) => getDb().update(whatsapps).set({ webhookSecret: sealSecret(secret) }).where(eq(whatsapps.id, t.whatsappId));
const settingsRoute = (path = "") => ({ url: `/api/whatsapp/${t.whatsappId}/webhook${path}`, token: admin, params: { id: t.whatsappId } });
const legacyVerifies = (secret: string, hit: Received) =>
  verifyWebhookSignature(secret, hit.headers["x-webhook-timestamp"] as string, hit.body, hit.headers["x-webhook-signature"] as string);

async function deliverOne(): Promise<Received> {
  await ingest();
  expect(await deliverWebhooks(getDb())).toMatchObject({ delivered: 1 });
  expect(received).toHaveLength(1);
  return received[0];
}

describe("Standard Webhooks signatures", () => {
  it("a new secret is whsec_ + base64 of 32 bytes: the standardwebhooks package and the legacy recipe both verify a delivery", async () => {
    const made = await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url, events: ["message.received"] });
    const secret = made.secret!;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(made.standardSignature).toBe(true);
    const hit = await deliverOne();
    expect(hit.headers["webhook-id"]).toBe(hit.headers["x-webhook-id"]);
    expect(hit.headers["webhook-timestamp"]).toBe(hit.headers["x-webhook-timestamp"]);
    expect(hit.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const payload = new Webhook(secret).verify(hit.body, hit.headers as Record<string, string>) as WebhookPayload;
    expect(payload).toMatchObject({ id: hit.headers["webhook-id"], event: "message.received" });
    expect(() => new Webhook(`whsec_${randomBytes(32).toString("base64")}`).verify(hit.body, hit.headers as Record<string, string>)).toThrow();
    expect(legacyVerifies(secret, hit)).toBe(true);
  });

  it("an old secret that is not base64 keeps the legacy header only, and the settings say so until it is rotated", async () => {
    // 0xfb bytes: base64url `-` and `_`, which base64 readers refuse
    const old = `whsec_${Buffer.alloc(32, 0xfb).toString("base64url")}`;
    expect(() => new Webhook(old)).toThrow();
    await setLegacySecret(old);
    expect((await call(getWebhook, settingsRoute())).body).toMatchObject({ hasSecret: true, standardSignature: false });
    const hit = await deliverOne();
    expect(hit.headers).not.toHaveProperty("webhook-signature");
    expect(hit.headers).not.toHaveProperty("webhook-id");
    expect(legacyVerifies(old, hit)).toBe(true);

    const rotated = await call(rotateSecret, { method: "POST", ...settingsRoute("/secret") });
    expect((await call(getWebhook, settingsRoute())).body).toMatchObject({ hasSecret: true, standardSignature: true });
    received.length = 0;
    const after = await deliverOne();
    expect(new Webhook(rotated.body.secret as string).verify(after.body, after.headers as Record<string, string>)).toMatchObject({ event: "message.received" });
    expect(legacyVerifies(rotated.body.secret as string, after)).toBe(true);
  });

  it("an old secret that happens to be base64 signs both header sets", async () => {
    const old = `whsec_${Buffer.alloc(32, 7).toString("base64url")}`;
    await setLegacySecret(old);
    expect((await call(getWebhook, settingsRoute())).body).toMatchObject({ standardSignature: true });
    const hit = await deliverOne();
    expect(new Webhook(old).verify(hit.body, hit.headers as Record<string, string>)).toMatchObject({ event: "message.received" });
    expect(legacyVerifies(old, hit)).toBe(true);
  });
});

describe("payload times", () => {
  const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

  it("every event's createdAt and its message's are ISO 8601 UTC with milliseconds and Z, as the document says", async () => {
    await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url, events: ["message.received", "message.ack", "ticket.created", "ticket.closed"] });
    // the ingest function writes ticket.created and message.received; lib/webhooks' SQL the ack and the close
    const r = await ingest();
    await applyAck(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, wid: r.wid, ack: 3 });
    const closed = await call(updateTicketRoute, { method: "PUT", url: `/api/tickets/${r.ticketId}`, token: admin, params: { id: r.ticketId }, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    const rows = await getDb().select({ payload: webhookDeliveries.payload }).from(webhookDeliveries).where(eq(webhookDeliveries.whatsappId, t.whatsappId));
    const payloads = rows.map((row) => row.payload as WebhookPayload).filter((p) => p.ticketId === r.ticketId);
    expect(payloads.map((p) => p.event).sort()).toEqual(["message.ack", "message.received", "ticket.closed", "ticket.created"]);
    for (const p of payloads) {
      expect(p.createdAt).toMatch(ISO);
      if (p.message) expect(p.message.createdAt).toMatch(ISO);
      expect(webhookBodyProblem(p)).toBeNull();
    }
    // the message's time is the stored one, to the millisecond
    const inbound = payloads.find((p) => p.event === "message.received")!;
    expect(inbound.message!.createdAt).toBe(payloads.find((p) => p.event === "message.ack")!.message!.createdAt);
  });
});
