import { z } from "zod";

// POST /api/messages/send (issue 14; spec admin §2.15, §7 External message API). One schema for the
// route's validation, the /messages-api test forms and the OpenAPI document (zod-openapi reads the
// `.meta()` of each).

/** Digits only: country code, area code, number (admin §2.15: "numbers must have no mask"). */
export const sendNumber = z
  .string({ error: "required" })
  .trim()
  .regex(/^\d{10,15}$/, "numberDigits")
  .meta({ description: "Digits only: country code, area code and number, no mask", example: "5511999998888" });

/** The JSON form: a text message. */
export const sendTextBody = z
  .object({
    number: sendNumber,
    body: z.string({ error: "required" }).trim().min(1, "required").max(4096, "tooLong").meta({ description: "The message text", example: "Olá! Seu pedido saiu para entrega." }),
  })
  .meta({ id: "SendTextMessage" });
export type SendTextBody = z.infer<typeof sendTextBody>;

/** The answer: the ticket the message was recorded on and the ids of the messages queued. */
export const sendAnswer = z
  .object({
    mensagem: z.literal("Mensagem enviada").meta({ description: "What clients of the system we replace read" }),
    ticketId: z.number().int(),
    messageIds: z.array(z.number().int()),
    status: z.enum(["sent", "queued"]).meta({ description: "queued: the message waits in the outbox, because the connection is not CONNECTED or because a real number's hour or day limit (or a WhatsApp restriction) pauses sends to numbers that have not written in 24 h" }),
  })
  .meta({ id: "SendMessageAnswer" });
export type SendAnswer = z.infer<typeof sendAnswer>;

/** The multipart form: `number`, an optional caption `body`, and one or more `medias` files. */
export const sendMediaFields = z
  .object({
    number: sendNumber,
    body: z.string().max(4096, "tooLong").optional().meta({ description: "Caption of the first file that can carry one" }),
  })
  .meta({ id: "SendMediaMessage" });
export type SendMediaFields = z.infer<typeof sendMediaFields>;

/**
 * `Idempotency-Key`: the same key on the same connection within 24 h answers the first answer again;
 * with another request (lib/external-api/request-hash.ts), 422 ERR_IDEMPOTENCY_KEY_REUSED.
 */
export const idempotencyKey = z
  .string()
  .trim()
  .min(1, "required")
  .max(255, "tooLong")
  .regex(/^[\x21-\x7e]*$/, "invalidCharacters")
  .meta({ description: "Any client-chosen text (1-255 visible ASCII characters), e.g. a UUID" });
