import { z } from "zod";

const digits = z
  .string()
  .transform((v) => v.replace(/\D/g, ""))
  .pipe(z.string().regex(/^\d{8,15}$/, "invalidNumber"));

// POST /api/sandbox/{id}/inbound — what the simulated customer sends
export const sandboxInboundSchema = z.object({
  from: digits,
  name: z.string().trim().max(80).optional().default(""),
  body: z.string().max(4096).optional().default(""),
  // the WhatsApp message id; generated when absent (a replay with the same id is ignored)
  id: z.string().trim().min(1).max(128).optional(),
  // media only as a data URL (the server never fetches a URL a caller sends) or a multipart file
  mediaUrl: z.string().startsWith("data:", "dataUrlOnly").max(15_000_000).optional(),
  mediaType: z.enum(["image", "audio", "video", "document", "locationMessage", "vcard"]).optional(),
  fileName: z.string().max(200).optional(),
  quotedId: z.string().max(128).optional(),
});
export type SandboxInbound = z.infer<typeof sandboxInboundSchema>;

export const sandboxAckSchema = z.object({
  // the message the customer's phone acknowledges, or every agent message to `to` when absent
  id: z.string().max(128).optional(),
  to: digits.optional(),
  ack: z.coerce.number().int().min(2).max(5).default(3),
});

export const sandboxScanSchema = z.object({
  code: z.string().max(200).optional(),
  number: digits.optional(),
});
