import { collectDefaultMetrics, Counter, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus registry and the metrics it counts itself. One per process, on
 * globalThis: Next dev reloads modules (a second registry would register every name twice) and may
 * load this module once per route bundle; the web and the worker processes each have their own.
 */
export type AppMetrics = {
  registry: Registry;
  httpDuration: Histogram<"route" | "method" | "status">;
  inbound: Counter;
  outbound: Counter;
  campaignSent: Counter;
  /** our messages WhatsApp refused (a `failed` provider event), by its error code */
  nacks: Counter<"code">;
  /** inbound messages the provider could not decrypt (Baileys' CIPHERTEXT stubs) */
  undecryptable: Counter<"reason">;
  webhookFailures: Counter<"final">;
  /** writes per statement of the batched writes (db/batched-statement.ts) */
  batchSize: Histogram<"statement">;
  batchFallbacks: Counter<"statement">;
  /** bot turns decided before their message was stored (lib/chatbot/ahead.ts), written with it or not */
  turnsAhead: Counter<"written">;
  /** set once the web process added its database gauges (db-gauges.ts) */
  dbGauges?: boolean;
};

function create(): AppMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    httpDuration: new Histogram({
      name: "http_request_duration_seconds",
      help: "API requests by route pattern, method and status (the route wrapper)",
      labelNames: ["route", "method", "status"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    inbound: new Counter({ name: "whatsapp_messages_inbound_total", help: "Messages received from customers (worker process)", registers }),
    outbound: new Counter({ name: "whatsapp_messages_outbound_total", help: "Ticket messages sent from the outbox (worker process)", registers }),
    campaignSent: new Counter({ name: "campaign_messages_sent_total", help: "Campaign messages sent (worker process); rate() is the shipping rate", registers }),
    nacks: new Counter({
      name: "whatsapp_message_nacks_total",
      help: "Sent messages WhatsApp refused (NACK), by WhatsApp's error code (worker process)",
      labelNames: ["code"],
      registers,
    }),
    undecryptable: new Counter({
      name: "whatsapp_messages_undecryptable_total",
      help: "Inbound messages that could not be decrypted (worker process); reason: bad_mac, no_session, absent, other",
      labelNames: ["reason"],
      registers,
    }),
    webhookFailures: new Counter({
      name: "webhook_delivery_failures_total",
      help: "Failed webhook delivery attempts; final=true when the delivery was given up",
      labelNames: ["final"],
      registers,
    }),
    batchSize: new Histogram({
      name: "db_batch_size",
      help: "Writes sent in one statement by the batched writes (inbound messages, the bot's turns)",
      labelNames: ["statement"],
      buckets: [1, 2, 4, 8, 16, 32],
      registers,
    }),
    batchFallbacks: new Counter({
      name: "db_batch_fallbacks_total",
      help: "Batched statements that failed, their writes then run one by one",
      labelNames: ["statement"],
      registers,
    }),
    turnsAhead: new Counter({
      name: "chatbot_turns_ahead_total",
      help: "Bot turns decided before their message was stored; written=false: the ticket was not as assumed, the bot ran after the message",
      labelNames: ["written"],
      registers,
    }),
  };
}

const holder = globalThis as unknown as { __appMetrics?: AppMetrics };

export function metrics(): AppMetrics {
  holder.__appMetrics ??= create();
  return holder.__appMetrics;
}

/** A webhook run's failed attempts: retried later (final=false) or given up (final=true). */
export function countWebhookFailures(run: { retrying: number; failed: number }) {
  if (run.retrying) metrics().webhookFailures.inc({ final: "false" }, run.retrying);
  if (run.failed) metrics().webhookFailures.inc({ final: "true" }, run.failed);
}

/** Counts a batched write's statements (db/batched-statement.ts) under `name`. */
export function countBatches(name: string) {
  return (event: { kind: "sent" | "failed"; size: number }) => {
    if (event.kind === "sent") metrics().batchSize.observe({ statement: name }, event.size);
    else metrics().batchFallbacks.inc({ statement: name });
  };
}
