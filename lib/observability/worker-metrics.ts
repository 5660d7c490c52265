import http from "node:http";
import type { ProviderEvent } from "@/lib/whatsapp/types";
import { logger } from "./logger";
import { metrics } from "./metrics";
import { metricsRefusal } from "./metrics-token";

// The WhatsApp worker process counts what only it sees (messages in and out) and serves its own
// registry: see docs/observability.md for why it is scraped on its own port.

// WhatsApp's error codes are a few digits; anything else is one label, so a bad value cannot grow the series
const codeLabel = (code: string) => (/^\d{1,4}$/.test(code) ? code : code ? "other" : "none");

/** Counts an inbound customer message, or a refused send, as the worker hands the event on (returns the event). */
export function countEvent<E extends ProviderEvent>(event: E): E {
  if (event.type === "message" && !event.message.fromMe && !event.message.fromHistory) metrics().inbound.inc();
  if (event.type === "failed") metrics().nacks.inc({ code: codeLabel(event.code) });
  return event;
}

/** The outbox with each successful markSent counted (`outbound`: tickets; `campaignSent`: campaigns). */
export function countSends<T extends { markSent: (row: never) => Promise<void> }>(counter: "outbound" | "campaignSent", outbox: T): T {
  type Row = Parameters<T["markSent"]>[0];
  const send = outbox.markSent as (row: Row) => Promise<void>;
  const markSent = async (row: Row) => {
    await send(row);
    metrics()[counter].inc();
  };
  return { ...outbox, markSent };
}

/**
 * GET /metrics on METRICS_PORT (all interfaces, or METRICS_HOST), with the same bearer token as the
 * web's /api/metrics; nothing is served unless both are set. Returns how to stop it.
 */
export function serveWorkerMetrics(env: Record<string, string | undefined> = process.env): () => Promise<void> {
  const port = Number(env.METRICS_PORT);
  if (!env.METRICS_PORT || !Number.isInteger(port) || port <= 0) return async () => {};
  if (!env.METRICS_TOKEN) {
    logger().warn("METRICS_PORT is set without METRICS_TOKEN: the worker serves no metrics");
    return async () => {};
  }
  const server = http.createServer((req, res) => {
    const refusal = req.method !== "GET" || req.url?.split("?")[0] !== "/metrics" ? 404 : metricsRefusal(req.headers.authorization, env.METRICS_TOKEN);
    if (refusal) return void res.writeHead(refusal, { "Content-Type": "application/json" }).end(JSON.stringify({ error: refusal === 404 ? "ERR_NOT_FOUND" : "ERR_INVALID_TOKEN" }));
    const { registry } = metrics();
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (err) => (logger().error({ err }, "worker metrics failed"), res.writeHead(500).end()),
    );
  });
  server.on("error", (err) => logger().error({ err, port }, "worker metrics server failed"));
  server.listen(port, env.METRICS_HOST || undefined, () => logger().info({ port }, "worker metrics on /metrics"));
  // never the reason the worker stays up
  server.unref();
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
