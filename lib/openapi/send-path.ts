import { z } from "zod";
import type { ZodOpenApiPathItemObject } from "zod-openapi";
import { idempotencyKey, sendAnswer, sendMediaFields, sendTextBody } from "@/lib/external-api/schemas";
import { errorResponse, SUBSCRIPTION_EXPIRED, tooManyResponse } from "./errors";

/**
 * The multipart form: the route's text fields (lib/external-api/read-send-request.ts parses them with
 * `sendMediaFields`) plus the files, which the route reads from the form itself.
 */
const sendMediaBody = sendMediaFields
  .extend({ medias: z.array(z.file()).min(1).meta({ description: "One or more files (same sizes and types as agents' uploads)" }) })
  .meta({ id: "SendMediaMessage" });

const headers = z.object({
  "Idempotency-Key": idempotencyKey
    .optional()
    .meta({
      description:
        "The same key on the same connection within 24 h answers the first answer again and sends nothing twice; " +
        "the key with another request (another body, other fields or files) answers 422 ERR_IDEMPOTENCY_KEY_REUSED",
    }),
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
    requestParams: { header: headers },
    requestBody: {
      required: true,
      content: {
        "application/json": { schema: sendTextBody },
        "multipart/form-data": { schema: sendMediaBody },
      },
    },
    responses: {
      "200": { description: "Queued for delivery", content: { "application/json": { schema: sendAnswer } } },
      "400": errorResponse("Invalid body: number not digits only, empty body, no media (ERR_VALIDATION); a file under a field other than medias (ERR_UNEXPECTED_FILE_FIELD, with field)"),
      "401": errorResponse("No or unknown connection token (ERR_INVALID_TOKEN)"),
      "402": errorResponse(SUBSCRIPTION_EXPIRED),
      "403": errorResponse("The plan lacks useExternalApi (ERR_PLAN_FEATURE_DISABLED), or the company is suspended (ERR_COMPANY_INACTIVE)"),
      "404": errorResponse("A companyId that is not the connection's company (ERR_NOT_FOUND)"),
      "409": errorResponse("A request with this Idempotency-Key is still being answered (ERR_IDEMPOTENCY_IN_PROGRESS): retry it later"),
      "413": errorResponse("A file larger than agents' uploads may be (ERR_MEDIA_TOO_LARGE)"),
      "422": errorResponse(
        "This Idempotency-Key was used within 24 h with another request: another JSON body, or other form fields or file bytes (ERR_IDEMPOTENCY_KEY_REUSED); nothing is sent",
      ),
      "429": tooManyResponse("Too many messages for this token (default 60 a minute, set per connection), or too many unknown tokens from this address"),
    },
  },
};
