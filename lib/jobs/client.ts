import { eventType, Inngest } from "inngest";
import { z } from "zod";

// Without a signing key the SDK would default to cloud mode and refuse unsigned calls from a dev
// server; with one, requests to /api/inngest are verified.
export const inngest = new Inngest({ id: "atendimento", isDev: !process.env.INNGEST_SIGNING_KEY });

/** A schedule was created or moved: its on-time run sleeps until `sendAt`. */
export const scheduleSaved = eventType("schedule/saved", {
  schema: z.object({ scheduleId: z.number().int(), companyId: z.number().int(), sendAt: z.string() }),
});
