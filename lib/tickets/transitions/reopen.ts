import { and, eq } from "drizzle-orm";
import { tickets } from "@/db/schema";
import { openCycle, requeueCycle } from "../tracking";
import { assertSlotFree } from "./conflict";
import type { LockedTicket } from "./locked-ticket";
import type { UserRef } from "./references";
import { refOf, type StepContext } from "./say";

/**
 * Reopen ("Reabrir", spec core §4): closed to open for `owner`, same queue and connection; a new
 * attendance cycle, taken at once. 409 ERR_OTHER_OPEN_TICKET when the contact has another ticket
 * open on that connection (checked here; the partial unique index has the last word in a race).
 */
export async function reopenStep(s: StepContext, t: LockedTicket, owner: UserRef): Promise<void> {
  await assertSlotFree(s.tx, { companyId: s.companyId, contactId: t.contactId, whatsappId: t.whatsappId, exceptId: t.id });
  await s.tx
    .update(tickets)
    .set({ status: "open", userId: owner.id, updatedAt: s.now })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  await openCycle(s.tx, { ...refOf(s, t), queueId: t.queueId, whatsappId: t.whatsappId, userId: owner.id, queuedAt: s.now, startedAt: s.now });
}

/**
 * Return (spec core §4): open to pending, the agent cleared; the ticket waits in its queue again.
 * A closed ticket returned this way starts a new cycle, waiting (same 409 as reopen).
 */
export async function returnStep(s: StepContext, t: LockedTicket): Promise<void> {
  if (t.status === "pending" && t.userId === null) return;
  if (t.status === "closed") {
    await assertSlotFree(s.tx, { companyId: s.companyId, contactId: t.contactId, whatsappId: t.whatsappId, exceptId: t.id });
  }
  await s.tx
    .update(tickets)
    .set({ status: "pending", userId: null, chatbot: false, queueOptionId: null, updatedAt: s.now })
    .where(and(eq(tickets.id, t.id), eq(tickets.companyId, s.companyId)));
  if (t.status === "closed") {
    await openCycle(s.tx, { ...refOf(s, t), queueId: t.queueId, whatsappId: t.whatsappId, queuedAt: s.now });
  } else {
    await requeueCycle(s.tx, refOf(s, t), s.now, { queueId: t.queueId, whatsappId: t.whatsappId });
  }
}
