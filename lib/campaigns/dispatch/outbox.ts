import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { recordValidity } from "@/lib/contact-lists/record-validity";
import { MAX_SEND_ATTEMPTS, STALE_CLAIM_SECONDS } from "@/lib/messages/claim-outbox";
import { NOT_SENT } from "@/lib/messages/mark-outbox";
import { clip } from "@/lib/messages/message-text";
import { sendMediaType } from "@/lib/messages/media-type";
import { mimeFromName } from "@/lib/storage";
import type { CampaignOutbox, ClaimedCampaignMessage } from "@/lib/whatsapp/worker/types";
import { finishIfDone, publishProgress } from "./progress";

type Ref = { id: number; companyId: number };

type ClaimRow = {
  id: string | number;
  company_id: number;
  wid: string;
  number: string;
  body: string;
  media_path: string | null;
  media_type: string | null;
  media_name: string | null;
  check_number: boolean;
  starts: boolean;
};

/** What a changed row tells: its recipient and campaign. */
type Changed = { id: string | number; shipping_id: number; campaign_id: number; company_id: number; kind: string; send_status: string };

/**
 * The campaign outbox as the WhatsApp worker uses it (lib/whatsapp/worker/types.ts), mirroring the
 * agents' outbox (lib/messages/claim-outbox.ts, mark-outbox.ts).
 */
export function campaignOutbox(db: () => Db): CampaignOutbox {
  return {
    claim: (whatsappId, limit, room) => claimCampaignMessages(db(), whatsappId, limit, room),
    markSent: (row) => markCampaignSent(db(), row),
    markFailed: (row) => markCampaignFailed(db(), row),
    markInvalid: (row) => markCampaignInvalid(db(), row),
  };
}

/**
 * Up to `limit` rows of the connection that are `pending`, or `sending` but stale (their worker
 * died), oldest first, locked with SKIP LOCKED; each becomes `sending` with one more attempt. Only
 * rows of running campaigns (and, of a FINALIZADA one, the message a late confirmation answer
 * queued); never a part of a recipient before its earlier parts are settled, so the number is
 * checked before anything else goes to it. Stale rows out of attempts are failed.
 *
 * `room` (a paced connection; null: not paced): how many recipients not yet reached may be started
 * now (lib/whatsapp/worker/send-pacer.ts). A recipient's later rows (its other parts, the message
 * after its "sim") continue what was started, and never wait for the pacer.
 */
export async function claimCampaignMessages(db: Db, whatsappId: number, limit = 20, room: number | null = null): Promise<ClaimedCampaignMessage[]> {
  await failExhausted(db, whatsappId);
  // a recipient's first row: nothing was written to it before
  const starts = (alias: string) => sql.raw(`not exists (select 1 from campaign_messages e where e.shipping_id = ${alias}.shipping_id and e.id < ${alias}.id)`);
  // the first `room` recipients to start, in the claim's order; the rest wait
  const paced =
    room === null
      ? sql``
      : sql`and (m.send_status <> 'pending' or not ${starts("m")} or m.id in (
          select f.id from campaign_messages f join campaigns fc on fc.id = f.campaign_id
          where f.whatsapp_id = ${whatsappId} and f.send_status = 'pending' and fc.status = 'EM_ANDAMENTO' and ${starts("f")}
          order by f.id limit ${room}))`;
  const rows = (await db.execute(sql`
    with candidates as (
      select m.id, ${starts("m")} as starts from campaign_messages m join campaigns c on c.id = m.campaign_id
      where m.whatsapp_id = ${whatsappId}
        and (m.send_status = 'pending'
          or (m.send_status = 'sending' and m.updated_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS})
              and m.send_attempts < ${MAX_SEND_ATTEMPTS}))
        and (c.status = 'EM_ANDAMENTO' or (c.status = 'FINALIZADA' and m.kind = 'message'))
        and not exists (
          select 1 from campaign_messages p
          where p.shipping_id = m.shipping_id and p.id < m.id and p.send_status in ('pending', 'sending')
        )
        ${paced}
      order by m.id
      limit ${limit}
      for update of m skip locked
    )
    update campaign_messages m set send_status = 'sending', send_attempts = m.send_attempts + 1, updated_at = now()
    from candidates c where m.id = c.id
    returning m.id, m.company_id, m.wid, m.number, m.body, m.media_path, m.media_type, m.media_name, m.check_number, c.starts
  `)) as unknown as ClaimRow[];
  return rows
    .sort((a, b) => Number(a.id) - Number(b.id))
    .map((r) => {
      const message: ClaimedCampaignMessage["message"] = { wid: r.wid, to: r.number, isGroup: false, body: r.body };
      if (r.media_path) {
        const filename = r.media_name || r.media_path.split("/").pop()!;
        message.media = { path: r.media_path, mimetype: mimeFromName(filename), filename, type: sendMediaType(r.media_type) };
      }
      return { id: Number(r.id), companyId: r.company_id, checkNumber: r.check_number, message, ...(r.starts ? { unsolicited: true } : {}) };
    });
}

/**
 * The provider accepted a row. A confirmation request: its recipient is `confirming`. A message
 * part: once the recipient's last part is settled, it is `delivered`. One statement (one commit
 * per message: the campaign's pace is the commits'). `number` (the provider checked it): the list
 * item is on WhatsApp, and the recipient's other parts go to that number.
 */
export async function markCampaignSent(db: Db, ref: Ref & { number?: string }) {
  // the claim hands a recipient's parts one at a time: no other part of it changes meanwhile
  const [row] = (await db.execute(sql`
    with m as (
      update campaign_messages set send_status = 'sent', sent_at = now(), send_error = null, updated_at = now()
      -- not over a refusal WhatsApp reported between the provider's answer and this call (mark-refused.ts)
      where id = ${ref.id} and company_id = ${ref.companyId} and send_status not in ('sent', 'failed')
      returning id, shipping_id, campaign_id, company_id, kind, send_status
    ),
    s as (
      -- scalar subqueries of m: always the primary key's index, whatever the table's statistics
      update campaign_shipping s set
        status = case
          when (select kind from m) = 'confirmation' then 'confirming'
          when exists (select 1 from campaign_messages p where p.shipping_id = s.id and p.kind = 'message' and p.id <> (select id from m) and p.send_status = 'failed')
            then 'failed'
          else 'delivered' end,
        confirmation_requested_at = case when (select kind from m) = 'confirmation' then now() else s.confirmation_requested_at end,
        delivered_at = case when (select kind from m) = 'message' then now() else s.delivered_at end,
        updated_at = now()
      where s.id = (select shipping_id from m) and s.status = 'queued'
        and ((select kind from m) = 'confirmation' or not exists (
          select 1 from campaign_messages p
          where p.shipping_id = s.id and p.kind = 'message' and p.id <> (select id from m) and p.send_status in ('pending', 'sending')))
      returning s.id
    )
    -- maybe done: no other recipient of the campaign left to send, as this statement sees it
    select m.*, exists (select 1 from s) as settled,
      exists (select 1 from s)
        and not exists (select 1 from campaign_shipping o where o.campaign_id = m.campaign_id and o.status = 'pending')
        and not exists (select 1 from campaign_shipping o where o.campaign_id = m.campaign_id and o.status = 'queued' and o.id <> m.shipping_id)
        as maybe_done
    from m
  `)) as unknown as (Changed & { settled: boolean; maybe_done: boolean })[];
  if (!row) return;
  if (ref.number) await checkedNumber(db, row, ref.number);
  // the finish check (its own statement, which sees every commit) only when it may be due: two
  // last sends committing together could each miss the other; dispatchDue's sweep catches that
  if (row.maybe_done) await afterChange(db, row);
  else if (row.settled) await publishProgress(db, row.company_id, row.campaign_id);
}

/**
 * A send failed: `retry` puts the row back to pending while it has attempts left; otherwise (or
 * out of attempts) it is failed, and so is its recipient (its other parts are cancelled).
 */
export async function markCampaignFailed(db: Db, ref: Ref & { error: string; retry: boolean }) {
  // nothing went out (the socket was down): back to pending, the try given back (mark-outbox.ts)
  const notSent = ref.error === NOT_SENT;
  const status = notSent ? sql`'pending'` : ref.retry ? sql`case when send_attempts < ${MAX_SEND_ATTEMPTS} then 'pending' else 'failed' end` : sql`'failed'`;
  const attempts = notSent ? sql`greatest(send_attempts - 1, 0)` : sql`send_attempts`;
  const error = notSent ? sql`send_error` : sql`${clip(ref.error || "ERR_SENDING_WAPP_MSG", 500)}`;
  const [row] = (await db.execute(sql`
    update campaign_messages set send_status = ${status}, send_attempts = ${attempts}, send_error = ${error}, updated_at = now()
    where id = ${ref.id} and company_id = ${ref.companyId} and send_status in ('pending', 'sending')
    returning id, shipping_id, campaign_id, company_id, kind, send_status
  `)) as unknown as Changed[];
  if (!row || row.send_status !== "failed") return;
  await failShipping(db, [row], ref.error || "ERR_SENDING_WAPP_MSG");
}

/** The provider says the number is not on WhatsApp: the recipient is invalid, nothing goes to it. */
export async function markCampaignInvalid(db: Db, ref: Ref) {
  const code = "ERR_WAPP_INVALID_CONTACT";
  const [row] = (await db.execute(sql`
    update campaign_messages set send_status = 'failed', send_error = ${code}, updated_at = now()
    where id = ${ref.id} and company_id = ${ref.companyId} and send_status in ('pending', 'sending')
    returning id, shipping_id, campaign_id, company_id, kind, send_status
  `)) as unknown as Changed[];
  if (!row) return;
  await cancelOtherParts(db, row.shipping_id);
  const [s] = (await db.execute(sql`
    update campaign_shipping set status = 'invalid', error = ${code}, updated_at = now()
    where id = ${row.shipping_id} and status in ('queued', 'pending')
    returning contact_id
  `)) as unknown as { contact_id: number | null }[];
  if (s?.contact_id) await recordValidity(db, ref.companyId, [{ id: s.contact_id, valid: false }]);
  await afterChange(db, row);
}

async function failShipping(db: Db, rows: Changed[], error: string) {
  for (const row of rows) {
    await cancelOtherParts(db, row.shipping_id);
    await db.execute(sql`
      update campaign_shipping set status = 'failed', error = ${clip(error, 500)}, updated_at = now()
      where id = ${row.shipping_id} and status in ('queued', 'pending')
    `);
  }
  for (const row of uniqueCampaigns(rows)) await afterChange(db, row);
}

/** A recipient that failed gets nothing more: its parts still waiting are cancelled. */
export async function cancelOtherParts(db: DbOrTx, shippingId: number) {
  await db.execute(sql`
    update campaign_messages set send_status = 'cancelled', updated_at = now()
    where shipping_id = ${shippingId} and send_status = 'pending'
  `);
}

// the provider answered for a number whose validity was unknown
async function checkedNumber(db: Db, row: Changed, number: string) {
  const [s] = (await db.execute(sql`
    select s.contact_id from campaign_shipping s join contact_list_items i on i.id = s.contact_id
    where s.id = ${row.shipping_id} and i.is_whatsapp_valid is null
  `)) as unknown as { contact_id: number }[];
  if (s) await recordValidity(db, row.company_id, [{ id: s.contact_id, valid: true }]);
  await db.execute(sql`
    update campaign_messages set number = ${number}, updated_at = now()
    where shipping_id = ${row.shipping_id} and send_status = 'pending' and number <> ${number}
  `);
}

// A row whose claims keep going stale (the worker dies while sending it) must not loop forever.
async function failExhausted(db: Db, whatsappId: number) {
  const failed = (await db.execute(sql`
    update campaign_messages set send_status = 'failed', send_error = coalesce(send_error, 'ERR_SENDING_WAPP_MSG'), updated_at = now()
    where whatsapp_id = ${whatsappId} and send_status = 'sending'
      and updated_at < now() - make_interval(secs => ${STALE_CLAIM_SECONDS}) and send_attempts >= ${MAX_SEND_ATTEMPTS}
    returning id, shipping_id, campaign_id, company_id, kind, send_status
  `)) as unknown as Changed[];
  if (failed.length) await failShipping(db, failed, "ERR_SENDING_WAPP_MSG");
}

const uniqueCampaigns = (rows: Changed[]) => [...new Map(rows.map((r) => [r.campaign_id, r])).values()];

async function afterChange(db: Db, row: Changed) {
  if (!(await finishIfDone(db, row.company_id, row.campaign_id))) await publishProgress(db, row.company_id, row.campaign_id);
}
