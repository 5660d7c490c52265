import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { messages } from "@/db/schema";
import { publish } from "@/lib/realtime/publish";
import { messageJson, webhookInsertSql } from "@/lib/webhooks/enqueue-webhook";
import { clip } from "./message-text";
import { messageUpdatedEvent } from "./message-view";
import { refreshLastMessage } from "./refresh-last-message";

// What the provider reports about a message it already has (issue 4 part 1: acks 1 to 5, edits
// and deletes; issue 33 §7: refusals); each change is published on the conversation channel.
// Unknown wids are ignored: the event may concern a message sent before the connection was paired here.

type Ref = { companyId: number; whatsappId: number; wid: string };

const byWid = (r: Ref) =>
  and(eq(messages.companyId, r.companyId), eq(messages.whatsappId, r.whatsappId), eq(messages.wid, r.wid));

/**
 * Raises a message's ack (1 sent, 2 delivered, 3 read, 4/5 played); acks only go up, since
 * receipts arrive out of order. An ack on an outbox row also settles it as sent. The connection's
 * `message.ack` webhook (lib/webhooks) is queued by the same statement: no extra round trip, and
 * nothing inserted when the connection has no webhook or did not ask for acks.
 */
export async function applyAck(db: DbOrTx, r: Ref & { ack: number }) {
  const rows = await db.execute<{ id: number | string; ticketId: number; ack: number; sendStatus: string | null }>(sql`
    with m as (
      update messages set ack = ${r.ack},
        send_status = case when send_status in ('pending', 'sending') then 'sent' else send_status end
      where company_id = ${r.companyId} and whatsapp_id = ${r.whatsappId} and wid = ${r.wid} and ack < ${r.ack}
      returning id, ticket_id, ack, send_status, wid, body, from_me, media_type, created_at
    ),
    hook as (
      ${webhookInsertSql("message.ack", sql`(select m.ticket_id, ${messageJson("m")} as message from m)`, sql`w.id = ${r.whatsappId} and w.company_id = ${r.companyId}`)}
    )
    select id, ticket_id as "ticketId", ack, send_status as "sendStatus" from m`);
  const [raw] = rows;
  if (!raw) return null;
  const row = { id: Number(raw.id), ticketId: raw.ticketId, ack: raw.ack, sendStatus: raw.sendStatus };
  await publish(messageUpdatedEvent(r.companyId, row.ticketId, { id: row.id, ack: row.ack, sendStatus: row.sendStatus }));
  return row;
}

/**
 * WhatsApp refused a message we sent (issue 33 §7): the outbox row is failed with WhatsApp's code,
 * which the bubble translates. Only below delivered: a refusal reported after the phone got the
 * message changes nothing. The row keeps its wid; a resend is a new row (resend-message.ts).
 */
export async function applyFailed(db: DbOrTx, r: Ref & { code: string }) {
  const [row] = await db
    .update(messages)
    .set({ sendStatus: "failed", sendError: clip(r.code || "ERR_SENDING_WAPP_MSG", 500), updatedAt: sql`now()` })
    .where(and(byWid(r), eq(messages.fromMe, true), lt(messages.ack, 2), inArray(messages.sendStatus, ["sending", "sent"])))
    .returning({ id: messages.id, ticketId: messages.ticketId, sendStatus: messages.sendStatus, sendError: messages.sendError });
  if (!row) return null;
  const { ticketId, ...message } = row;
  await publish(messageUpdatedEvent(r.companyId, ticketId, message));
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
