import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { webhookEvent, webhookHeaders } from "./webhook-event";

/** What the product POSTs to a connection's webhook URL (issue 14 §2). */
export const webhookPath: ZodOpenApiPathItemObject = {
  post: {
    operationId: "webhookEvent",
    summary: "An event of a connection, posted to its webhook URL",
    description:
      "Sent for the events chosen on the connection, signed as Standard Webhooks (standardwebhooks.com) sign: verify " +
      "webhook-signature with that standard's libraries and the `whsec_…` secret (they also refuse old timestamps). " +
      "The legacy X-Webhook-Signature (`sha256=` + HMAC-SHA256 hex of `${timestamp}.${body}` keyed with the whole secret text) " +
      "comes too, unchanged. Retried with backoff for 24 h until a 2xx answer (10 s timeout); the same event id on every retry.",
    tags: ["Webhooks"],
    // the receiver authenticates the product by X-Webhook-Signature, not by a credential it holds
    security: [],
    requestParams: { header: webhookHeaders },
    requestBody: { required: true, content: { "application/json": { schema: webhookEvent } } },
    responses: { "200": { description: "Any 2xx answer marks the delivery done" } },
  },
};
