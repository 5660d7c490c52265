import { z } from "zod";

// The webhook contract of issue 14 §2 as agreed between areas. lib/webhooks (another helper's area)
// did not exist when this was written; when it exports its payload schema, document that one instead.

export const WEBHOOK_EVENTS = ["message.received", "message.ack", "ticket.created", "ticket.closed"] as const;

export const webhookEvent = z
  .object({
    id: z.string().meta({ description: "Stable delivery id: the same on every retry, for de-duplication" }),
    event: z.enum(WEBHOOK_EVENTS),
    companyId: z.number().int(),
    whatsappId: z.number().int().meta({ description: "The connection" }),
    ticketId: z.number().int().nullable(),
    contactNumber: z.string().nullable().meta({ example: "5511999998888" }),
    message: z
      .record(z.string(), z.unknown())
      .nullable()
      .meta({ description: "The message (message.received, message.ack); null for ticket events" }),
    createdAt: z.string().meta({ description: "ISO 8601 time of the event", example: "2026-11-25T04:30:00.000Z" }),
  })
  .meta({ id: "WebhookEvent" });

export const webhookHeaders = z.object({
  "X-Webhook-Id": z.string().meta({ description: "The event's id (as in the body)" }),
  "X-Webhook-Timestamp": z.string().meta({ description: "Unix time in seconds of this attempt; refuse old ones (replays)" }),
  "X-Webhook-Signature": z.string().meta({
    description: "HMAC-SHA256, hex, of `${timestamp}.${body}` with the connection's webhook secret",
  }),
});
