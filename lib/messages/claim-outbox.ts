import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { publish } from "@/lib/realtime/publish";
import { mimeFromName } from "@/lib/storage";
import type { OutboundMessage } from "@/lib/whatsapp/types";
import { sendMediaType } from "./media-type";
import { messageUpdatedEvent } from "./message-view";

/** Sends tried before a row is given up as failed. */
export const MAX_SEND_ATTEMPTS = 5;
/** A `sending` row untouched this long was claimed by a worker that died: claim it again. */
export const STALE_CLAIM_SECONDS = 60;

/** `unsolicited`: a schedule's or API's row to a silent number; the pacer counts one send per ticket and batch */
export type ClaimedOutbound = { id: number; companyId: number; ticketId: number; whatsappId: number; message: OutboundMessage; unsolicited?: boolean };

type Row = {
  id: string | number;
  company_id: number;
  ticket_id: number;
  wid: string;
  body: string;
  media_type: string | null;
  media_url: string | null;
  data_json: { media?: { mimetype?: string; filename?: string; ptt?: boolean } } | null;
  to: string;
  is_group: boolean;
  quoted_wid: string | null;
  quoted_from_me: boolean | null;
  quoted_body: string | null;
  quoted_participant: string | null;
  unsolicited: boolean;
};

/**
 * A schedule's or an API's row to a person who has not written on this connection in 24 h: a send
 * nobody asked for, which the real number's pacer holds (lib/whatsapp/worker/send-pacer.ts).
 * `m` is the message, `t` its ticket.
 */
const UNSOLICITED = sql`(m.sender_kind in ('schedule', 'api') and not t.is_group and not exists (
  select 1 from tickets t2 join messages i on i.ticket_id = t2.id
  where t2.contact_id = t.contact_id and t2.whatsapp_id = m.whatsapp_id and t2.company_id = m.company_id
    and not i.from_me and i.created_at > now() - interval '24 hours'))`;

/**
 * The worker's outbox scan of one connection: up to `limit` rows that are `pending`, or `sending`
 * but stale, oldest first, locked with SKIP LOCKED so two workers (or two loops) never take the
 * same row; each becomes `sending` with one more attempt. Stale rows out of attempts are failed.
 *
 * `room` (a paced connection; null: not paced): how many tickets' unsolicited rows may go now. The
 * others' rows wait, and so do the later rows of their tickets (a ticket's order is kept).
 */
export async function claimOutbox(db: DbOrTx, whatsappId: number, limit = 20, room: number | null = null): Promise<ClaimedOutbound[]> {
  await failExhausted(db, whatsappId);
  const waiting = sql`m.whatsapp_id = ${whatsappId}
    and (m.send_status = 'pending'
      or (m.send_status = 'sending' and m.updated_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
          and m.send_attempts < ${MAX_SEND_ATTEMPTS}))`;
  // the tickets whose unsolicited rows wait for the pacer: the first `room` of them by age may go
  const held =
    room === null
      ? sql``
      : sql`and not exists (
          select 1 from held h where h.ticket_id = m.ticket_id and h.first_id <= m.id)`;
  const heldCte =
    room === null
      ? sql``
      : sql`unsolicited as (
          select m.ticket_id, min(m.id) as first_id from messages m join tickets t on t.id = m.ticket_id
          where ${waiting} and m.send_status = 'pending' and ${UNSOLICITED}
          group by m.ticket_id
        ),
        held as (select * from unsolicited order by first_id offset ${room}),`;
  const rows = (await db.execute(sql`
    with ${heldCte} candidates as (
      select m.id, ${room === null ? sql`false` : UNSOLICITED} as unsolicited
      from messages m ${room === null ? sql`` : sql`join tickets t on t.id = m.ticket_id`}
      where ${waiting} ${held}
      order by m.id
      limit ${limit}
      for update of m skip locked
    ),
    claimed as (
      update messages m set send_status = 'sending', send_attempts = m.send_attempts + 1, updated_at = now()
      from candidates c where m.id = c.id
      returning m.id, m.company_id, m.ticket_id, m.wid, m.body, m.media_type, m.media_url, m.data_json, m.quoted_msg_id,
        c.unsolicited
    )
    select c.id, c.company_id, c.ticket_id, c.wid, c.body, c.media_type, c.media_url, c.data_json,
      ct.number as "to", t.is_group, q.wid as quoted_wid, q.from_me as quoted_from_me, q.body as quoted_body,
      q.participant as quoted_participant, c.unsolicited
    from claimed c
      join tickets t on t.id = c.ticket_id
      join contacts ct on ct.id = t.contact_id
      left join messages q on q.id = c.quoted_msg_id
    order by c.id
  `)) as unknown as Row[];
  return rows.map((r) => toClaimed(r, whatsappId));
}

function toClaimed(r: Row, whatsappId: number): ClaimedOutbound {
  const message: OutboundMessage = { wid: r.wid, to: r.to, isGroup: r.is_group, body: r.body };
  if (r.media_url) {
    const filename = r.data_json?.media?.filename ?? r.media_url.split("/").pop()!.replace(/^[0-9a-f-]{36}-/, "");
    const mimetype = r.data_json?.media?.mimetype ?? mimeFromName(filename);
    // ptt: a voice note (a bot's synthesised answer), not an audio file
    message.media = { path: r.media_url, mimetype, filename, type: sendMediaType(r.media_type), ...(r.data_json?.media?.ptt ? { ptt: true } : {}) };
  }
  if (r.quoted_wid) {
    message.quoted = { wid: r.quoted_wid, fromMe: !!r.quoted_from_me, body: r.quoted_body ?? "", participant: r.quoted_participant };
  }
  return { id: Number(r.id), companyId: r.company_id, ticketId: r.ticket_id, whatsappId, message, ...(r.unsolicited ? { unsolicited: true } : {}) };
}

// A row whose claims keep going stale (the worker dies while sending it) must not loop forever.
async function failExhausted(db: DbOrTx, whatsappId: number) {
  const failed = (await db.execute(sql`
    update messages set send_status = 'failed', send_error = coalesce(send_error, 'ERR_SENDING_WAPP_MSG'), updated_at = now()
    where whatsapp_id = ${whatsappId} and send_status = 'sending'
      and updated_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}) and send_attempts >= ${MAX_SEND_ATTEMPTS}
    returning id, company_id, ticket_id, send_error
  `)) as unknown as { id: string; company_id: number; ticket_id: number; send_error: string }[];
  if (!failed.length) return;
  await publish(
    ...failed.map((f) =>
      messageUpdatedEvent(f.company_id, f.ticket_id, { id: Number(f.id), sendStatus: "failed", sendError: f.send_error }),
    ),
  );
}
