import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { sendAnswer, sendNumber, sendTextBody } from "@/lib/external-api/schemas";
import { errorResponse } from "./errors";

/** The multipart form: the JSON form's fields (body becomes the caption) plus one or more files. */
const sendMediaBody = z
  .object({
    number: sendNumber,
    body: sendTextBody.shape.body.optional().meta({ description: "Caption of the media (optional)" }),
    medias: z.array(z.file()).min(1).meta({ description: "One or more files (same sizes and types as agents' uploads)" }),
  })
  .meta({ id: "SendMediaMessage" });

const idempotencyKey = z.object({
  "Idempotency-Key": z
    .string()
    .optional()
    .meta({ description: "The same key on the same connection within 24 h answers the first answer again and sends nothing twice" }),
});

/** POST /api/messages/send (issue 14 §1): the request is `sendTextBody`, the route's own schema. */
export const sendPath: ZodOpenApiPathItemObject = {
  post: {
    operationId: "sendMessage",
    summary: "Send a message through a connection",
    description:
      "Sends a text (JSON) or media (multipart) message to a number through the WhatsApp connection whose token is the bearer. " +
      "If the contact has an open or pending ticket on that connection the message is recorded there; otherwise on a ticket closed at once.",
    tags: ["External API"],
    security: [{ connectionToken: [] }],
    requestParams: { header: idempotencyKey },
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: sendTextBody },
        "multipart/form-data": { schema: sendMediaBody },
      },
    },
    responses: {
      "200": { description: "Queued for delivery", content: { "application/json": { schema: sendAnswer } } },
      "400": errorResponse("Invalid body: number not digits only, empty body, no media (ERR_VALIDATION)"),
      "401": errorResponse("No or unknown connection token (ERR_INVALID_TOKEN)"),
      "403": errorResponse("The plan lacks useExternalApi (ERR_PLAN_FEATURE_DISABLED), or the company is suspended or past its due date"),
      "429": {
        ...errorResponse("Too many messages for this token (default 60 a minute, set per connection)"),
        headers: z.object({ "Retry-After": z.string().meta({ description: "Seconds to wait before trying again" }) }),
      },
    },
  },
};
