import { z } from "zod";
import { V } from "@/lib/validation/messages";

/** GET /api/sandbox/mail: `to` narrows the mailbox to one address (any text; an unknown one finds nothing). */
export const sandboxMailQuery = z.object({
  to: z.string().trim().max(254, V.tooLong).optional(),
});
