import { and, eq, isNull } from "drizzle-orm";
import { tickets } from "@/db/schema";
import { lastMessageText } from "@/lib/messages/message-text";
import { markStarted } from "../tracking";
import { alreadyAccepted, type LockedTicket } from "./locked-ticket";
import type { UserRef } from "./references";
import { refOf, type StepContext } from "./say";
import { acceptGreeting } from "./texts";

/**
 * Accept (spec core §4): pending to open, `owner` attending. The write is a compare-and-set on
 * the state read (still pending, still nobody's or the same user's), so whoever comes second in
 * a race, however it got there, gets 409 ERR_TICKET_ALREADY_ACCEPTED naming the winner.
 * With sendGreetingAccepted enabled a non-group ticket gets the greeting in the agent's name.
 */
export async function acceptStep(s: StepContext, t: LockedTicket, owner: UserRef): Promise<void> {
  const [won] = await s.tx
    .update(tickets)
    .set({ status: "open", userId: owner.id, chatbot: false, queueOptionId: null, updatedAt: s.now })
    .where(
      and(
        eq(tickets.id, t.id),
        eq(tickets.companyId, s.companyId),
        eq(tickets.status, "pending"),
        t.userId === null ? isNull(tickets.userId) : eq(tickets.userId, t.userId),
      ),
    )
    .returning({ id: tickets.id });
  if (!won) throw alreadyAccepted(t);
  await markStarted(s.tx, refOf(s, t), s.now, { userId: owner.id, queueId: t.queueId, whatsappId: t.whatsappId });
  if (t.isGroup || (await s.companySettings()).sendGreetingAccepted !== "enabled") return;
  const greeting = acceptGreeting(t.contact.name, owner.name, s.now, await s.timezone());
  // in the agent's name: it is the conversation's latest word, as an agent's reply would be
  if (await s.say(t, greeting)) {
    await s.tx.update(tickets).set({ lastMessage: lastMessageText(greeting, null) }).where(eq(tickets.id, t.id));
  }
}

/** An open ticket nobody holds (or an admin handing it on without a transfer) gets its agent. */
export async function assignStep(s: StepContext, t: LockedTicket, owner: UserRef): Promise<void> {
  if (t.userId === owner.id) return;
  await s.tx
    .update(tickets)
    .set({ userId: owner.id, chatbot: false, queueOptionId: null, updatedAt: s.now })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  await markStarted(s.tx, refOf(s, t), s.now, { userId: owner.id, queueId: t.queueId, whatsappId: t.whatsappId });
}
