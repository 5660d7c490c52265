import { and, eq, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { messages } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";
import { messageUpdatedEvent } from "./message-view";
import { refreshLastMessage } from "./refresh-last-message";

// What the provider reports about a message it already has (issue 4 part 1: acks 1 to 5, edits
// and deletes); each change is published on the conversation channel. Unknown wids are ignored:
// the event may concern a message sent before the connection was paired here.

type Ref = { companyId: number; whatsappId: number; wid: string };

const byWid = (r: Ref) =>
  and(eq(messages.companyId, r.companyId), eq(messages.whatsappId, r.whatsappId), eq(messages.wid, r.wid));

/**
 * Raises a message's ack (1 sent, 2 delivered, 3 read, 4/5 played); acks only go up, since
 * receipts arrive out of order. An ack on an outbox row also settles it as sent.
 */
export async function applyAck(db: DbOrTx, r: Ref & { ack: number }) {
  const [row] = await db
    .update(messages)
    .set({
      ack: r.ack,
      sendStatus: sql`case when ${messages.sendStatus} in ('pending', 'sending') then 'sent' else ${messages.sendStatus} end`,
    })
    .where(and(byWid(r), lt(messages.ack, r.ack)))
    .returning({ id: messages.id, ticketId: messages.ticketId, ack: messages.ack, sendStatus: messages.sendStatus });
  if (!row) return null;
  await publish(messageUpdatedEvent(r.companyId, row.ticketId, { id: row.id, ack: row.ack, sendStatus: row.sendStatus }));
  return row;
}

/** The sender edited the message: new body, marked edited. */
export async function applyEdit(db: DbOrTx, r: Ref & { body: string }) {
  const [row] = await db
    .update(messages)
    .set({ body: r.body, isEdited: true })
    .where(byWid(r))
    .returning({ id: messages.id, ticketId: messages.ticketId, body: messages.body, isEdited: messages.isEdited });
  if (!row) return null;
  // the newest message's new text is the ticket's preview too
  await publish(messageUpdatedEvent(r.companyId, row.ticketId, row), ...(await refreshLastMessage(db, r.companyId, row.ticketId, row.id)));
  return row;
}

/**
 * Deleted for everyone: marked deleted, body kept (the conversation shows the marker); when it was
 * the ticket's preview, the newest message left takes its place.
 */
export async function applyDelete(db: DbOrTx, r: Ref) {
  const [row] = await db
    .update(messages)
    .set({ isDeleted: true })
    .where(byWid(r))
    .returning({ id: messages.id, ticketId: messages.ticketId, isDeleted: messages.isDeleted });
  if (!row) return null;
  await publish(messageUpdatedEvent(r.companyId, row.ticketId, row), ...(await refreshLastMessage(db, r.companyId, row.ticketId, row.id)));
  return row;
}
