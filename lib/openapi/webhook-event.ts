import { z } from "zod";
import { WEBHOOK_EVENTS, type WebhookPayload } from "@/lib/webhooks/events";

// The body and headers lib/webhooks POSTs (issue 14 §2). lib/webhooks types its payload in
// TypeScript (it is built in SQL), so this schema is checked against that type below: a field
// added or changed there fails `tsc` here until the document follows.

const webhookMessage = z.object({
  id: z.number().int(),
  wid: z.string().meta({ description: "WhatsApp's id of the message" }),
  body: z.string(),
  fromMe: z.boolean(),
  mediaType: z.string().nullable(),
  ack: z.number().int().meta({ description: "0 pending, 1 sent, 2 delivered, 3 read" }),
  createdAt: z.iso.datetime().meta({ description: "When the message was stored: ISO 8601 in UTC, with milliseconds", example: "2026-11-25T04:29:58.123Z" }),
});

export const webhookEvent = z
  .object({
    id: z.string().meta({ description: "Stable event id, also X-Webhook-Id: the same on every retry, for de-duplication" }),
    event: z.enum(WEBHOOK_EVENTS),
    companyId: z.number().int(),
    whatsappId: z.number().int().meta({ description: "The connection" }),
    ticketId: z.number().int().nullable(),
    contactNumber: z.string().nullable().meta({ example: "5511999998888" }),
    message: webhookMessage.nullable().meta({ description: "The message (message.received, message.ack); null for ticket events" }),
    createdAt: z.iso.datetime().meta({ description: "Time of the event: ISO 8601 in UTC, with milliseconds", example: "2026-11-25T04:30:00.000Z" }),
  })
  .meta({ id: "WebhookEvent" });

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
// compile-time guard: the documented body is exactly lib/webhooks' payload type
const matchesPayload: Same<z.infer<typeof webhookEvent>, WebhookPayload> = true;
void matchesPayload;

const SKIPPED = "Absent when the webhook secret predates these headers and is not base64: rotate it";

// Two sets of the same facts: Standard Webhooks' (standardwebhooks.com), and this product's earlier ones (legacy, unchanged)
export const webhookHeaders = z.object({
  "webhook-id": z.string().optional().meta({ description: `Standard Webhooks: the event's id (as in the body). ${SKIPPED}` }),
  "webhook-timestamp": z.string().optional().meta({ description: `Standard Webhooks: unix time in seconds of this attempt. ${SKIPPED}` }),
  "webhook-signature": z
    .string()
    .optional()
    .meta({
      description:
        "Standard Webhooks: `v1,` and the base64 HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the bytes " +
        "the base64 after `whsec_` encodes; that standard's libraries verify it with the secret as shown. " +
        SKIPPED,
      example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
    }),
  "X-Webhook-Id": z.string().meta({ description: "Legacy: the event's id (as in the body)" }),
  "X-Webhook-Timestamp": z.string().meta({ description: "Legacy: unix time in seconds of this attempt; refuse old ones (replays)" }),
  "X-Webhook-Signature": z.string().meta({
    description: "Legacy: `sha256=` and the hex HMAC-SHA256 of `${timestamp}.${body}` (the raw body) keyed with the whole webhook secret text",
    example: "sha256=5d41402abc4b2a76b9719d911017c592...",
  }),
});
