import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { countWebhookFailures, metrics } from "@/lib/observability/metrics";
import { bearerMatches, metricsRefusal } from "@/lib/observability/metrics-token";
import { countEvent, countSends, serveWorkerMetrics } from "@/lib/observability/worker-metrics";
import type { InboundMessage } from "@/lib/whatsapp/types";

const TOKEN = "t".repeat(16) + "0123456789abcdef";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

const value = async (name: string, labels = "") => {
  const text = await metrics().registry.metrics();
  return Number(text.split("\n").find((l) => l.startsWith(`${name}${labels} `))?.split(" ")[1] ?? NaN);
};

const message = (fromMe: boolean, fromHistory = false) =>
  ({ type: "message", message: { wid: "W", fromMe, fromHistory, body: "hi" } as InboundMessage }) as const;

describe("the metrics token", () => {
  it("matches only `Bearer <token>`, and says 404 when unset, 401 when wrong", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    for (const h of [null, "", TOKEN, `Bearer ${TOKEN}x`, `Bearer ${TOKEN.slice(1)}`, `Basic ${TOKEN}`, "Bearer "]) expect(bearerMatches(h, TOKEN)).toBe(false);
    expect(metricsRefusal(`Bearer ${TOKEN}`, undefined)).toBe(404);
    expect(metricsRefusal("Bearer nope", TOKEN)).toBe(401);
    expect(metricsRefusal(`Bearer ${TOKEN}`, TOKEN)).toBeNull();
  });
});

describe("the process registry", () => {
  it("is one per process (globalThis), with the default process metrics", async () => {
    expect(metrics()).toBe(metrics());
    expect(await metrics().registry.metrics()).toContain("# TYPE process_cpu_user_seconds_total counter");
  });

  it("counts customers' messages, sent messages per outbox and webhook failures", async () => {
    const inbound = await value("whatsapp_messages_inbound_total");
    countEvent(message(false));
    countEvent(message(true)); // sent from the phone: not inbound
    countEvent(message(false, true)); // history import: not live traffic
    countEvent({ type: "ack", wid: "W", ack: 2 });
    expect(await value("whatsapp_messages_inbound_total")).toBe(inbound + 1);

    const sent: number[] = [];
    const outbox = countSends("campaignSent", { claim: async () => [], markSent: async (row: { id: number }) => void sent.push(row.id) });
    const before = await value("campaign_messages_sent_total");
    await outbox.markSent({ id: 5 });
    expect(sent).toEqual([5]);
    expect(await value("campaign_messages_sent_total")).toBe(before + 1);
    // a failed markSent is not a sent message
    const failing = countSends("outbound", { markSent: async (row: { id: number }) => Promise.reject(new Error(`db down at ${row.id}`)) });
    const out = await value("whatsapp_messages_outbound_total");
    await expect(failing.markSent({ id: 6 })).rejects.toThrow("db down at 6");
    expect(await value("whatsapp_messages_outbound_total")).toBe(out);

    countWebhookFailures({ retrying: 2, failed: 1 });
    expect(await value("webhook_delivery_failures_total", '{final="false"}')).toBeGreaterThanOrEqual(2);
    expect(await value("webhook_delivery_failures_total", '{final="true"}')).toBeGreaterThanOrEqual(1);
  });
});

describe("refused sends", () => {
  it("counts `failed` provider events by WhatsApp's code, odd codes under one label", async () => {
    const nacks = async (code: string) => (await value("whatsapp_message_nacks_total", `{code="${code}"}`)) || 0;
    const [c463, c479, other, none] = await Promise.all(["463", "479", "other", "none"].map(nacks));
    countEvent({ type: "failed", wid: "A", code: "463" });
    countEvent({ type: "failed", wid: "B", code: "463" });
    countEvent({ type: "failed", wid: "C", code: "479" });
    countEvent({ type: "failed", wid: "D", code: "not a code" });
    countEvent({ type: "failed", wid: "E", code: "" });
    expect(await nacks("463")).toBe(c463 + 2);
    expect(await nacks("479")).toBe(c479 + 1);
    expect(await nacks("other")).toBe(other + 1);
    expect(await nacks("none")).toBe(none + 1);
  });
});

describe("the worker's metrics server", () => {
  it("serves nothing without METRICS_PORT or METRICS_TOKEN", async () => {
    await serveWorkerMetrics({})();
    const port = await freePort();
    await serveWorkerMetrics({ METRICS_PORT: String(port) })();
    await expect(fetch(`http://127.0.0.1:${port}/metrics`)).rejects.toThrow();
  });

  it("serves GET /metrics with the token: 401 without, 404 elsewhere, 200 Prometheus text", async () => {
    const port = await freePort();
    const stop = serveWorkerMetrics({ METRICS_PORT: String(port), METRICS_HOST: "127.0.0.1", METRICS_TOKEN: TOKEN });
    try {
      const url = `http://127.0.0.1:${port}`;
      let res = await fetch(`${url}/metrics`).catch(async () => (await new Promise((r) => setTimeout(r, 100)), fetch(`${url}/metrics`)));
      expect(res.status).toBe(401);
      res = await fetch(`${url}/other`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      res = await fetch(`${url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
      const text = await res.text();
      for (const name of ["whatsapp_messages_inbound_total", "whatsapp_messages_outbound_total", "campaign_messages_sent_total", "nodejs_eventloop_lag_seconds"]) expect(text).toContain(`# TYPE ${name} `);
    } finally {
      await stop();
    }
  });
});
