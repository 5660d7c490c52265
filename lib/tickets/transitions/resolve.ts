import { and, eq } from "drizzle-orm";
import { tickets } from "@/db/schema";
import { ratingQuestion } from "@/lib/ratings/texts";
import { enqueueTicketWebhook } from "@/lib/webhooks/enqueue-webhook";
import { CLOSED_TICKET } from "../closed-ticket";
import { markFinished } from "../tracking";
import type { LockedTicket } from "./locked-ticket";
import { refOf, type StepContext } from "./say";

/**
 * Resolve ("Finalizar", spec core §4): to closed at once; the bot, integration and prompt are
 * cleared, the queue and agent kept, nothing left unread. With userRating enabled and an agent to
 * rate, the customer gets the rating question (the next bare 1, 2 or 3 is the answer:
 * lib/ratings); otherwise the connection's completion message when it has one. Never to groups.
 * Resolving a closed ticket changes nothing.
 */
export async function resolveStep(s: StepContext, t: LockedTicket): Promise<void> {
  if (t.status === "closed") return;
  await s.tx
    .update(tickets)
    .set({ ...CLOSED_TICKET, unreadMessages: 0, updatedAt: s.now })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  const ratingAt = await farewell(s, t);
  await markFinished(s.tx, refOf(s, t), s.now, { queueId: t.queueId, whatsappId: t.whatsappId, ratingAt });
  await enqueueTicketWebhook(s.tx, "ticket.closed", { companyId: s.companyId, whatsappId: t.whatsappId, ticketId: t.id });
}

/** Queues the closing message; answers when the rating question went out (null when it did not). */
async function farewell(s: StepContext, t: LockedTicket): Promise<Date | null> {
  if (t.isGroup || t.whatsappId === null) return null;
  const texts = await s.connectionTexts(t.whatsappId);
  const rating = t.userId !== null && (await s.companySettings()).userRating === "enabled";
  if (rating) {
    await s.say(t, ratingQuestion(texts.rating));
    return s.now;
  }
  await s.say(t, texts.complation);
  return null;
}
