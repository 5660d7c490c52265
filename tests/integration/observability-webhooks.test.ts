import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { resetEnvCache } from "@/lib/env";
import { ingestInbound } from "@/lib/messages/ingest-inbound";
import { metrics } from "@/lib/observability/metrics";
import { deliverWebhooks } from "@/lib/webhooks/deliver-webhooks";
import { updateWebhookSettings } from "@/lib/webhooks/webhook-settings";
import { createTenant } from "../helpers/factories";

// webhook_delivery_failures_total counts the attempts deliverWebhooks records as failed.
let server: Server;
beforeAll(async () => {
  process.env.WEBHOOK_ALLOW_PRIVATE = "1";
  resetEnvCache();
  server = createServer((_req, res) => res.writeHead(503).end("down"));
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
});
afterAll(async () => {
  delete process.env.WEBHOOK_ALLOW_PRIVATE;
  resetEnvCache();
  await new Promise<void>((r) => server.close(() => r()));
});

const failures = async () => (await metrics().webhookFailures.get()).values.find((v) => v.labels.final === "false")?.value ?? 0;

describe("webhook failures metric", () => {
  it("counts a delivery the receiver refused, to be retried", async () => {
    const t = await createTenant({ chatbot: false });
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
    await updateWebhookSettings(getDb(), t.companyId, t.whatsappId, { url, events: ["message.received"] });
    const n = `5511966${String(Date.now() % 1e6).padStart(6, "0")}`;
    await ingestInbound(getDb(), {
      companyId: t.companyId,
      whatsappId: t.whatsappId,
      message: { wid: `3A${randomBytes(8).toString("hex").toUpperCase()}`, chatId: n, isGroup: false, from: { number: n, name: "Maria" }, fromMe: false, body: "Oi", mediaType: null, timestamp: new Date() },
    });
    const before = await failures();
    const run = await deliverWebhooks(getDb());
    expect(run).toMatchObject({ delivered: 0, retrying: 1, failed: 0 });
    expect(await failures()).toBe(before + 1);
  });
});
