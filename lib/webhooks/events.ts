/** The events a connection's webhook may ask for (issue 14 §2). */
export const WEBHOOK_EVENTS = ["message.received", "message.ack", "ticket.created", "ticket.closed"] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** The JSON body every delivery POSTs (what receivers parse; the OpenAPI document shows it). */
export type WebhookPayload = {
  /** the stable event id, also X-Webhook-Id: receivers de-duplicate on it (at-least-once delivery) */
  id: string;
  event: WebhookEvent;
  companyId: number;
  whatsappId: number;
  ticketId: number | null;
  contactNumber: string | null;
  message: {
    id: number;
    wid: string;
    body: string;
    fromMe: boolean;
    mediaType: string | null;
    ack: number;
    createdAt: string;
  } | null;
  createdAt: string;
};
