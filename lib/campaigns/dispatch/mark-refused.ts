import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { clip } from "@/lib/messages/message-text";
import { cancelOtherParts } from "./outbox";
import { finishIfDone, publishProgress } from "./progress";

type Refused = { id: string | number; shipping_id: number; campaign_id: number; company_id: number; kind: string; recipient_failed: boolean };

/**
 * WhatsApp refused a campaign message after accepting the send (issue 33 §7: a NACK, the provider's
 * `failed` event). The message is failed with WhatsApp's code, and so is its recipient, which
 * markCampaignSent had counted delivered (or confirming): the report shows it failed, not
 * delivered, and the recipient's parts still waiting are cancelled. Found by the connection and
 * wid (campaign_messages_wid_idx); a wid of no campaign message changes nothing (null).
 */
export async function markCampaignRefused(db: Db, ref: { companyId: number; whatsappId: number; wid: string; code: string }) {
  const error = clip(ref.code || "ERR_SENDING_WAPP_MSG", 500);
  const [row] = (await db.execute(sql`
    with m as (
      update campaign_messages set send_status = 'failed', send_error = ${error}, updated_at = now()
      where company_id = ${ref.companyId} and whatsapp_id = ${ref.whatsappId} and wid = ${ref.wid} and send_status in ('sending', 'sent')
      returning id, shipping_id, campaign_id, company_id, kind
    ),
    s as (
      update campaign_shipping s set status = 'failed', error = ${error},
        delivered_at = case when m.kind = 'message' then null else s.delivered_at end,
        confirmation_requested_at = case when m.kind = 'confirmation' then null else s.confirmation_requested_at end,
        updated_at = now()
      from m
      where s.id = m.shipping_id and s.status in ('queued', 'confirming', 'delivered')
      returning s.id
    )
    select m.*, exists (select 1 from s) as recipient_failed from m
  `)) as unknown as Refused[];
  if (!row) return null;
  if (row.recipient_failed) await cancelOtherParts(db, row.shipping_id);
  // the report listens to the campaign's progress event; a finished campaign's figures change too
  if (!(await finishIfDone(db, row.company_id, row.campaign_id))) await publishProgress(db, row.company_id, row.campaign_id);
  return { id: Number(row.id), shippingId: row.shipping_id, campaignId: row.campaign_id, recipientFailed: row.recipient_failed };
}
