import { eventType, Inngest } from "inngest";
import { z } from "zod";

// Without a signing key the SDK would default to cloud mode and refuse unsigned calls from a dev
// server; with one, requests to /api/inngest are verified.
export const inngest = new Inngest({ id: "atendimento", isDev: !process.env.INNGEST_SIGNING_KEY });

/** A schedule was created or moved: its on-time run sleeps until `sendAt`. */
export const scheduleSaved = eventType("schedule/saved", {
  schema: z.object({ scheduleId: z.number().int(), companyId: z.number().int(), sendAt: z.string() }),
});

/** A campaign was saved as PROGRAMADA (or restarted): its on-time run sleeps until `scheduledAt`. */
export const campaignScheduled = eventType("campaign/scheduled", {
  schema: z.object({ campaignId: z.number().int(), companyId: z.number().int(), scheduledAt: z.string() }),
});

/** A running campaign has more recipients due: the next run takes over (bounded steps per run). */
export const campaignContinue = eventType("campaign/continue", {
  schema: z.object({ campaignId: z.number().int(), companyId: z.number().int() }),
});

/** A bot turn was written for a ticket (lib/bots/runner): its turns run in order, one at a time. */
export const botTurnCreated = eventType("bot/turn.created", {
  schema: z.object({ companyId: z.number().int(), ticketId: z.number().int() }),
});
