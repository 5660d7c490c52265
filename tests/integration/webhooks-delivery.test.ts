import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { webhookDeliveries } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { applyAck } from "@/lib/messages/apply-provider-update";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { verifyWebhookSignature } from "@/lib/webhooks/sign";
import { updateWebhookSettings } from "@/lib/webhooks/webhook-settings";
import type { WebhookEvent } from "@/lib/webhooks/events";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { PUT as updateTicketRoute } from "@/app/api/tickets/[id]/route";
import { call } from "../helpers/http";
import { createTenant, loginAs, type Tenant } from "../helpers/factories";

// issue 14 §2: a local receiver gets signed events from the outbox; failures are retried and recorded.
type Received = { path: string; headers: IncomingMessage["headers"]; body: string };
const received: Received[] = [];
// what the receiver answers next on /flaky: a status, or "hang" (never answers)
const flaky: (number | "hang")[] = [];
let server: Server;
let base = "";
let t: Tenant;
let secret = "";
let seq = 0;

beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString("utf8")));
    req.on("end", () => {
      received.push({ path: req.url ?? "", headers: req.headers, body });
      const next = req.url === "/flaky" ? (flaky.shift() ?? 200) : 200;
      if (next !== "hang") res.writeHead(next).end("ok");
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  t = await createTenant({ chatbot: false });
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

async function configure(path: string, events: WebhookEvent[]) {
  const s = await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url: `${base}${path}`, events });
  if (s.secret) secret = s.secret;
}

const number = () => `5511977${String(++seq).padStart(6, "0")}`;
const inbound = (n: string): InboundMessage => ({
  wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`,
  chatId: n,
  isGroup: false,
  from: { number: n, name: "Maria" },
  fromMe: false,
  body: "Quero saber do pedido",
  mediaType: null,
  timestamp: new Date(),
});
const ingest = (m: InboundMessage) => ingestInbound(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, message: m });
const rowsOf = (event: string) =>
  getDb().select().from(webhookDeliveries).where(and(eq(webhookDeliveries.whatsappId, t.whatsappId), eq(webhookDeliveries.event, event)));
const later = (ms: number) => new Date(Date.now() + ms);

describe("webhook delivery", () => {
  it("POSTs message.received with a valid signature, the stable id and the message", async () => {
    await configure("/ok", ["message.received"]);
    const n = number();
    const m = inbound(n);
    const r = await ingest(m);
    const result = await deliverWebhooks(getDb());
    expect(result).toMatchObject({ delivered: 1, retrying: 0, failed: 0 });
    expect(received).toHaveLength(1);
    const [hit] = received;
    const ts = hit.headers["x-webhook-timestamp"] as string;
    expect(verifyWebhookSignature(secret, ts, hit.body, hit.headers["x-webhook-signature"] as string)).toBe(true);
    expect(verifyWebhookSignature("whsec_wrong", ts, hit.body, hit.headers["x-webhook-signature"] as string)).toBe(false);
    const payload = JSON.parse(hit.body);
    expect(payload).toMatchObject({
      id: hit.headers["x-webhook-id"],
      event: "message.received",
      companyId: t.companyId,
      whatsappId: t.whatsappId,
      ticketId: r.ticketId,
      contactNumber: n,
      message: { id: r.messageId, wid: m.wid, body: "Quero saber do pedido", fromMe: false, mediaType: null, ack: 0 },
    });
    const [row] = await rowsOf("message.received");
    expect(row).toMatchObject({ eventId: payload.id, status: "delivered", attempts: 1, lastStatusCode: 200, lastError: null });
    // delivered is delivered: nothing is sent again
    expect(await deliverWebhooks(getDb(), { now: later(3_600_000) })).toMatchObject({ delivered: 0, retrying: 0 });
  });

  it("sends only the events the connection asked for", async () => {
    await configure("/ok", ["message.received"]);
    const m = inbound(number());
    const r = await ingest(m);
    await applyAck(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, wid: m.wid, ack: 3 });
    const admin = (await loginAs(t.admin)).token;
    const closed = await call(updateTicketRoute, { method: "PUT", url: `/api/tickets/${r.ticketId}`, token: admin, params: { id: r.ticketId }, body: { status: "closed" } });
    expect(closed.status).toBe(200);
    expect(await rowsOf("message.ack")).toHaveLength(0);
    expect(await rowsOf("ticket.created")).toHaveLength(0);
    expect(await rowsOf("ticket.closed")).toHaveLength(0);
    await deliverWebhooks(getDb());
    expect(received.map((h) => JSON.parse(h.body).event)).toEqual(["message.received"]);
    received.length = 0;

    await configure("/ok", ["message.ack", "ticket.created", "ticket.closed"]);
    const m2 = inbound(number());
    const r2 = await ingest(m2);
    await applyAck(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, wid: m2.wid, ack: 2 });
    // acks only go up: a late, lower receipt changes nothing and sends nothing
    await applyAck(getDb(), { companyId: t.companyId, whatsappId: t.whatsappId, wid: m2.wid, ack: 1 });
    await call(updateTicketRoute, { method: "PUT", url: `/api/tickets/${r2.ticketId}`, token: admin, params: { id: r2.ticketId }, body: { status: "closed" } });
    await deliverWebhooks(getDb());
    const events = received.map((h) => JSON.parse(h.body) as { event: string; ticketId: number; message: { ack: number } | null });
    expect(events.map((e) => e.event).sort()).toEqual(["message.ack", "ticket.closed", "ticket.created"]);
    expect(events.every((e) => e.ticketId === r2.ticketId)).toBe(true);
    expect(events.find((e) => e.event === "message.ack")?.message?.ack).toBe(2);
  });

  it("retries a failing receiver (500, then a timeout) with backoff and the same id, records each try, then delivers", async () => {
    await configure("/flaky", ["message.received"]);
    flaky.push(500, "hang", 200);
    await ingest(inbound(number()));
    const first = await deliverWebhooks(getDb(), { timeoutMs: 300 });
    expect(first).toMatchObject({ delivered: 0, retrying: 1 });
    let [row] = (await rowsOf("message.received")).filter((d) => d.status !== "delivered");
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastStatusCode: 500, lastError: "HTTP 500" });
    expect(row.nextAttemptAt.getTime()).toBeGreaterThan(Date.now());
    // not due before its backoff
    expect(await deliverWebhooks(getDb(), { timeoutMs: 300 })).toMatchObject({ delivered: 0, retrying: 0 });

    expect(await deliverWebhooks(getDb(), { timeoutMs: 300, now: later(31_000) })).toMatchObject({ retrying: 1 });
    [row] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(row).toMatchObject({ status: "pending", attempts: 2, lastStatusCode: null });
    expect(row.lastError).toMatch(/ERR_OUTBOUND_TIMEOUT/);

    expect(await deliverWebhooks(getDb(), { timeoutMs: 300, now: later(10 * 60_000) })).toMatchObject({ delivered: 1 });
    [row] = await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.id, row.id));
    expect(row).toMatchObject({ status: "delivered", attempts: 3, lastStatusCode: 200, lastError: null });
    const flakyHits = received.filter((h) => h.path === "/flaky");
    expect(flakyHits).toHaveLength(3);
    expect(new Set(flakyHits.map((h) => h.headers["x-webhook-id"]))).toEqual(new Set([row.eventId]));
  });

  it("gives up as failed once the 24 h window is over", async () => {
    await configure("/flaky", ["message.received"]);
    flaky.push(503, 503);
    await ingest(inbound(number()));
    expect(await deliverWebhooks(getDb())).toMatchObject({ retrying: 1 });
    expect(await deliverWebhooks(getDb(), { now: later(24 * 3_600_000) })).toMatchObject({ failed: 1 });
    const failed = (await rowsOf("message.received")).filter((d) => d.status === "failed");
    expect(failed).toHaveLength(1);
    expect(failed[0]).toMatchObject({ attempts: 2, lastStatusCode: 503 });
  });

  it("refuses a loopback receiver without WEBHOOK_ALLOW_PRIVATE, and records why", async () => {
    await configure("/ok", ["message.received"]);
    delete process.env.WEBHOOK_ALLOW_PRIVATE;
    resetEnvCache();
    try {
      await ingest(inbound(number()));
      expect(await deliverWebhooks(getDb())).toMatchObject({ delivered: 0, retrying: 1 });
    } finally {
      process.env.WEBHOOK_ALLOW_PRIVATE = "1";
      resetEnvCache();
    }
    expect(received).toHaveLength(0);
    const refused = (await rowsOf("message.received")).filter((d) => d.status === "pending");
    expect(refused).toHaveLength(1);
    expect(refused[0].lastError).toMatch(/ERR_OUTBOUND_BLOCKED/);
  });
});
