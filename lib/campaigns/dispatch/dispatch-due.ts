import { sql } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { writeParts, type ClaimedShipping } from "./parts";
import { finishIfDone, finishStalled, publishProgress } from "./progress";

/**
 * issue 33 §6: a paced connection (lib/campaigns/dispatch/spacing.ts `isPaced`: all but the
 * sandbox) is dispatched only while CONNECTED; its recipients keep their due time meanwhile and
 * are spread again when it comes back (respace-after-outage.ts). Claiming them while it is down
 * would pile their rows up in the outbox, sent in one burst on reconnect. `w` is the campaign's
 * connection.
 */
const SENDABLE = sql`(w.provider = 'sandbox' or w.status = 'CONNECTED')`;

export type DispatchOptions = { limit?: number; campaignId?: number };

export type ShippingRow = {
  id: number;
  company_id: number;
  campaign_id: number;
  number: string;
  message: string;
  confirmation_message: string;
  ask_confirmation: boolean;
  check_number: boolean | null;
};

/**
 * Queues the recipients whose turn has come (`pending`, due by `now`, of EM_ANDAMENTO campaigns
 * with a connection that can send, SENDABLE): in ONE transaction they are claimed (FOR UPDATE SKIP LOCKED, the due index),
 * their campaign outbox rows written (lib/campaigns/dispatch/parts.ts) and they become `queued`;
 * then the connections' workers are woken (pg_notify 'outbox'). A recipient leaves `pending` only
 * in the transaction that writes its outbox rows, and the unique keys ((campaign, number) for
 * recipients, (recipient, kind, position) for rows) have the last word: two dispatchers, a retried
 * step or a restart never queue a number twice and never skip one.
 *
 * Delivery is at least once with a fixed message id: each row's WhatsApp id is written here, once.
 * A worker that dies after the provider accepted a row but before markSent sends it again with
 * the same id: the sandbox phone keeps one copy per id; real WhatsApp may show the customer a
 * duplicate in that crash window.
 *
 * `full`: `limit` recipients were taken (more may be due now); `nextDueAt`: the earliest pending
 * due time left (an Inngest run sleeps until then), null when nothing is pending.
 */
export async function dispatchDue(db: Db, now: Date, opts: DispatchOptions = {}): Promise<{ queued: number; full: boolean; nextDueAt: Date | null }> {
  const limit = opts.limit ?? 500;
  const onlyCampaign = opts.campaignId !== undefined ? sql`and s.campaign_id = ${opts.campaignId}` : sql``;
  const claimed = await db.transaction(async (tx) => {
    // the campaign row is share-locked: a cancel (which updates it) waits for this transaction,
    // then cancels the rows it wrote; a campaign being cancelled is skipped
    const rows = (await tx.execute(sql`
      with due as (
        select s.id from campaign_shipping s join campaigns c on c.id = s.campaign_id join whatsapps w on w.id = c.whatsapp_id
        where s.status = 'pending' and s.due_at is not null and s.due_at <= ${now.toISOString()}::timestamptz
          and c.status = 'EM_ANDAMENTO' and ${SENDABLE} ${onlyCampaign}
        order by s.due_at, s.id
        limit ${limit}
        for update of s skip locked
        for share of c skip locked
      )
      update campaign_shipping s set status = 'queued', updated_at = now()
      from due where s.id = due.id and s.status = 'pending'
      returning s.id, s.company_id, s.campaign_id, s.number, s.message, s.confirmation_message,
        (s.confirmation and s.confirmed_at is null) as ask_confirmation,
        (select i.is_whatsapp_valid is null from contact_list_items i where i.id = s.contact_id) as check_number
    `)) as unknown as ShippingRow[];
    const wake = await writeParts(tx, rows.map(toClaimed));
    for (const id of wake) await tx.execute(sql`select pg_notify('outbox', ${String(id)})`);
    return rows;
  });
  await announce(db, claimed);
  if (!claimed.length) await finishStalled(db, opts.campaignId);
  return { queued: claimed.length, full: claimed.length >= limit, nextDueAt: await nextDue(db, opts.campaignId) };
}

export function toClaimed(r: ShippingRow): ClaimedShipping {
  return {
    id: r.id,
    companyId: r.company_id,
    campaignId: r.campaign_id,
    number: r.number,
    message: r.message,
    confirmationMessage: r.confirmation_message,
    askConfirmation: r.ask_confirmation,
    checkNumber: r.check_number === true,
  };
}

// progress (throttled) per campaign touched; one whose recipients had nothing to send may be done
async function announce(db: Db, rows: ShippingRow[]) {
  const campaigns = new Map(rows.map((r) => [r.campaign_id, r.company_id]));
  for (const [campaignId, companyId] of campaigns) {
    if (!(await finishIfDone(db, companyId, campaignId))) await publishProgress(db, companyId, campaignId);
  }
}

/**
 * The earliest due time of a pending recipient of a running campaign (optionally one campaign)
 * that can send now: a connection that is down wakes nobody (its return sends campaign/continue).
 */
export async function nextDue(db: DbOrTx, campaignId?: number): Promise<Date | null> {
  const [row] = (await db.execute(sql`
    select s.due_at from campaign_shipping s join campaigns c on c.id = s.campaign_id join whatsapps w on w.id = c.whatsapp_id
    where s.status = 'pending' and s.due_at is not null and c.status = 'EM_ANDAMENTO' and ${SENDABLE}
      ${campaignId !== undefined ? sql`and s.campaign_id = ${campaignId}` : sql``}
    order by s.due_at
    limit 1
  `)) as unknown as { due_at: string | Date }[];
  return row ? new Date(row.due_at) : null;
}
