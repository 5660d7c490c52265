import { and, eq } from "drizzle-orm";
import { tickets } from "@/db/schema";
import { markStarted, moveCycle, openCycle, requeueCycle } from "../tracking";
import { assertSlotFree } from "./conflict";
import type { LockedTicket } from "./locked-ticket";
import type { QueueRef, UserRef } from "./references";
import { refOf, type StepContext } from "./say";
import { transferNotice } from "./texts";

export type TransferTarget = {
  queue: QueueRef | null;
  user: UserRef | null;
  whatsappId: number | null;
  /** a transfer the agent asked for (queueId given): the customer may be told, per sendMsgTransfTicket */
  notify: boolean;
};

/**
 * Transfer (spec core §4): to a queue and optional user. Without a user the ticket waits in the
 * queue (pending, nobody's); with one it is open for that user. Moving it onto a connection where
 * the contact already has an open ticket (or reviving a closed one there) is 409
 * ERR_OTHER_OPEN_TICKET. The chatbot stops; integration and prompt flags are kept.
 */
export async function transferStep(s: StepContext, t: LockedTicket, to: TransferTarget): Promise<void> {
  const queueId = to.queue?.id ?? null;
  const userId = to.user?.id ?? null;
  if (t.status === "closed" || to.whatsappId !== t.whatsappId) {
    await assertSlotFree(s.tx, { companyId: s.companyId, contactId: t.contactId, whatsappId: to.whatsappId, exceptId: t.id });
  }
  await s.tx
    .update(tickets)
    .set({ queueId, userId, whatsappId: to.whatsappId, status: userId ? "open" : "pending", chatbot: false, queueOptionId: null, updatedAt: s.now })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  const place = { queueId, whatsappId: to.whatsappId };
  if (t.status === "closed") {
    await openCycle(s.tx, { ...refOf(s, t), ...place, userId, queuedAt: s.now, startedAt: userId ? s.now : null });
  } else if (userId) {
    await markStarted(s.tx, refOf(s, t), s.now, { ...place, userId });
  } else {
    await requeueCycle(s.tx, refOf(s, t), s.now, place);
  }
  const moved = queueId !== t.queueId || (userId !== null && userId !== t.userId);
  if (!to.notify || !to.queue || !moved || t.isGroup) return;
  if ((await s.companySettings()).sendMsgTransfTicket !== "enabled") return;
  await s.say({ id: t.id, whatsappId: to.whatsappId }, transferNotice(to.queue.name, to.user?.name ?? null));
}

/** Only the connection changes (an admin moving the conversation); same 409 as a transfer. */
export async function moveConnectionStep(s: StepContext, t: LockedTicket, whatsappId: number): Promise<void> {
  if (whatsappId === t.whatsappId) return;
  if (t.status !== "closed") {
    await assertSlotFree(s.tx, { companyId: s.companyId, contactId: t.contactId, whatsappId, exceptId: t.id });
  }
  await s.tx.update(tickets).set({ whatsappId, updatedAt: s.now }).where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  if (t.status !== "closed") await moveCycle(s.tx, refOf(s, t), s.now, { queueId: t.queueId, whatsappId });
}
