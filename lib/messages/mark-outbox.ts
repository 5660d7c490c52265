import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { messages } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";
import { MAX_SEND_ATTEMPTS } from "./claim-outbox";
import { clip } from "./message-text";
import { messageUpdatedEvent } from "./message-view";

type Ref = { id: number; companyId: number };

/** The provider's "not connected": the message never left, so the try does not count (markFailed). */
export const NOT_SENT = "ERR_WAPP_NOT_INITIALIZED";

const returned = {
  id: messages.id,
  ticketId: messages.ticketId,
  ack: messages.ack,
  sendStatus: messages.sendStatus,
  sendError: messages.sendError,
};

/**
 * The provider accepted a claimed row: sent, with at least the "sent" tick. Only a row still in
 * flight: WhatsApp's refusal (applyFailed) may have been written between the provider's answer and
 * this call, and it is the last word (issue 33 §7).
 */
export async function markSent(db: DbOrTx, ref: Ref) {
  const [row] = await db
    .update(messages)
    .set({ sendStatus: "sent", sendError: null, ack: sql`greatest(${messages.ack}, 1)`, updatedAt: sql`now()` })
    .where(and(eq(messages.id, ref.id), eq(messages.companyId, ref.companyId), eq(messages.fromMe, true), inArray(messages.sendStatus, ["pending", "sending"])))
    .returning(returned);
  if (row) await publish(messageUpdatedEvent(ref.companyId, row.ticketId, row));
  return row ?? null;
}

/**
 * A send failed. `retry` (a transient error: not connected, timeout) puts the row back to pending
 * while it has attempts left; otherwise, or when out of attempts, it is `failed` with the error,
 * which the conversation shows on the bubble. A row already settled (sent by an ack) is left alone.
 * NOT_SENT (the socket was down) puts it back to pending without counting the try.
 */
export async function markFailed(db: DbOrTx, ref: Ref & { error: string; retry: boolean }) {
  // nothing went out (the socket was down): back to pending with the attempt given back, so a
  // connection that drops at the wrong moments never uses up a reply's tries
  if (ref.error === NOT_SENT) {
    const [row] = await db
      .update(messages)
      .set({ sendStatus: "pending", sendAttempts: sql`greatest(${messages.sendAttempts} - 1, 0)`, updatedAt: sql`now()` })
      .where(and(eq(messages.id, ref.id), eq(messages.companyId, ref.companyId), inArray(messages.sendStatus, ["pending", "sending"])))
      .returning(returned);
    return row ?? null;
  }
  const status = ref.retry
    ? sql`case when ${messages.sendAttempts} < ${MAX_SEND_ATTEMPTS} then 'pending' else 'failed' end`
    : sql`'failed'`;
  const [row] = await db
    .update(messages)
    .set({ sendStatus: status, sendError: clip(ref.error || "ERR_SENDING_WAPP_MSG", 500), updatedAt: sql`now()` })
    .where(and(eq(messages.id, ref.id), eq(messages.companyId, ref.companyId), inArray(messages.sendStatus, ["pending", "sending"])))
    .returning(returned);
  if (row) await publish(messageUpdatedEvent(ref.companyId, row.ticketId, row));
  return row ?? null;
}
