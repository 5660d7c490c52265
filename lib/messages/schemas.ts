import { z } from "zod";
import { bigIdSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

// WhatsApp's own limit on a text message
export const MESSAGE_BODY_MAX = 65536;

// POST /api/messages/{ticketId} as JSON. `fromMe`, `read` and `mediaUrl` of the spec's payload
// are dropped: the server decides who sent it, and never fetches a URL a caller sends.
export const sendMessageSchema = z.object({
  body: z.string().max(MESSAGE_BODY_MAX, V.tooLong).optional().default(""),
  quotedMsg: z
    .object({ id: bigIdSchema() })
    .nullish(),
});
export type SendMessageInput = z.infer<typeof sendMessageSchema>;
