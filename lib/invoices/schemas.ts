import { z } from "zod";

/** A Pix txid in a path: 26 to 35 letters and digits (the Pix rule; ours are 32). */
export const txidParams = z.object({ txid: z.string().regex(/^[a-zA-Z0-9]{26,35}$/, "invalidTxid") });

/**
 * The query of Efí's notifications: the secret of the registered URL (`secret`, or `hmac` as Efí's
 * documentation names it), and `ignorar`, where Efí's appended "/pix" lands.
 */
export const efiWebhookQuery = z.object({
  secret: z.string().max(512).optional(),
  hmac: z.string().max(512).optional(),
  ignorar: z.string().max(512).optional(),
});
