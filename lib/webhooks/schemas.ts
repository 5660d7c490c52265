import { z } from "zod";
import { V } from "@/lib/validation/messages";
import { WEBHOOK_EVENTS } from "./events";

// Catalogue key (messages/*.json "validation.") of the URL rule
const WEBHOOK_URL = "webhookUrl";

const httpUrl = z
  .string()
  .trim()
  .max(2048, V.tooLong)
  .refine((v) => {
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, WEBHOOK_URL);

/** PUT /api/whatsapp/{id}/webhook (the connection dialog's webhook section): an empty URL turns it off. */
export const webhookSettingsSchema = z.object({
  url: z.preprocess((v) => (v === "" ? null : v), httpUrl.nullable()),
  events: z.array(z.enum(WEBHOOK_EVENTS)).max(WEBHOOK_EVENTS.length).transform((e) => [...new Set(e)]),
});
export type WebhookSettingsInput = z.infer<typeof webhookSettingsSchema>;

/**
 * What GET/PUT answer; `secret` only right after it was made (a first URL, a rotation).
 * `standardSignature`: deliveries carry the Standard Webhooks headers too; false for a secret made
 * before they were sent that is not valid base64 (the dialog suggests rotating it).
 */
export type WebhookSettings = { url: string | null; events: string[]; hasSecret: boolean; standardSignature: boolean; secret?: string };
