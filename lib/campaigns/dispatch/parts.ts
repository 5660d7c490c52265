import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { generateWid } from "@/lib/messages/generate-wid";
import { mediaTypeFromMime } from "@/lib/messages/media-type";
import { mimeFromName } from "@/lib/storage";

/** A recipient whose outbox rows are being written (the shipping row, already claimed). */
export type ClaimedShipping = {
  id: number;
  companyId: number;
  campaignId: number;
  number: string;
  message: string;
  confirmationMessage: string;
  /** the confirmation request is sent first (confirmation on, no answer yet) */
  askConfirmation: boolean;
  /** the list item's WhatsApp validity is still unknown: the worker checks the number first */
  checkNumber: boolean;
};

type CampaignParts = { whatsappId: number; mediaPath: string | null; mediaName: string | null; files: { name: string; path: string }[] };

type Part = {
  company_id: number;
  campaign_id: number;
  shipping_id: number;
  whatsapp_id: number;
  kind: "confirmation" | "message";
  position: number;
  wid: string;
  number: string;
  body: string;
  media_path: string | null;
  media_type: string | null;
  media_name: string | null;
  check_number: boolean;
};

/**
 * Writes the campaign outbox rows of claimed recipients, in the transaction that claimed them:
 * the confirmation request alone, or the message: its text (position 0), the campaign's
 * attachment (1), then the file list's files (2, 3, ... in id order). Each row gets a fixed
 * WhatsApp id; a recipient with nothing to send is delivered at once. Unique on (shipping, kind, position): a row written before is kept as it is (its id
 * too); only one cancelled with its campaign is put back to pending. Returns the connections to wake.
 */
export async function writeParts(tx: DbOrTx, shipping: ClaimedShipping[]): Promise<number[]> {
  if (!shipping.length) return [];
  const campaigns = await campaignParts(tx, [...new Set(shipping.map((s) => s.campaignId))]);
  const rows: Part[] = [];
  const empty: number[] = [];
  for (const s of shipping) {
    const c = campaigns.get(s.campaignId);
    if (!c) continue;
    const base = { company_id: s.companyId, campaign_id: s.campaignId, shipping_id: s.id, whatsapp_id: c.whatsappId, number: s.number };
    const parts: Omit<Part, keyof typeof base | "wid" | "check_number">[] = [];
    const media = (path: string, name: string) => ({ media_path: path, media_name: name, media_type: mediaTypeFromMime(mimeFromName(name)) });
    const none = { media_path: null, media_name: null, media_type: null };
    if (s.askConfirmation) parts.push({ kind: "confirmation", position: 0, body: s.confirmationMessage, ...none });
    else {
      if (s.message.trim()) parts.push({ kind: "message", position: 0, body: s.message, ...none });
      if (c.mediaPath) parts.push({ kind: "message", position: 1, body: "", ...media(c.mediaPath, c.mediaName || c.mediaPath) });
      c.files.forEach((f, i) => parts.push({ kind: "message", position: 2 + i, body: f.name, ...media(f.path, fileName(f.path)) }));
    }
    if (!parts.length) empty.push(s.id);
    // the number is checked once, before the first part
    parts.forEach((p, i) => rows.push({ ...base, ...p, wid: generateWid(), check_number: s.checkNumber && i === 0 }));
  }
  // nothing at all to send (no text, attachment or file): the recipient counts as delivered
  if (empty.length) {
    await tx.execute(sql`
      update campaign_shipping set status = 'delivered', delivered_at = now(), updated_at = now()
      where id in (${sql.join(empty.map((id) => sql`${id}`), sql`, `)})
    `);
  }
  if (!rows.length) return [];
  await tx.execute(sql`
    insert into campaign_messages
      (company_id, campaign_id, shipping_id, whatsapp_id, kind, position, wid, number, body, media_path, media_type, media_name, check_number)
    select r.company_id, r.campaign_id, r.shipping_id, r.whatsapp_id, r.kind, r.position, r.wid, r.number, r.body,
      r.media_path, r.media_type, r.media_name, r.check_number
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(company_id int, campaign_id int, shipping_id int, whatsapp_id int,
      kind text, position int, wid text, number text, body text, media_path text, media_type text, media_name text, check_number boolean)
    on conflict (shipping_id, kind, position) do update set
      whatsapp_id = excluded.whatsapp_id, number = excluded.number, body = excluded.body, media_path = excluded.media_path,
      media_type = excluded.media_type, media_name = excluded.media_name, check_number = excluded.check_number,
      send_status = 'pending', send_attempts = 0, send_error = null, updated_at = now()
    where campaign_messages.send_status = 'cancelled'
  `);
  return [...new Set(rows.map((r) => r.whatsapp_id))];
}

async function campaignParts(tx: DbOrTx, ids: number[]): Promise<Map<number, CampaignParts>> {
  const rows = (await tx.execute(sql`
    select c.id, c.whatsapp_id, c.media_path, c.media_name,
      coalesce((select json_agg(json_build_object('name', o.name, 'path', o.path) order by o.id) from file_list_options o
        where o.file_list_id = c.file_list_id and o.company_id = c.company_id and o.path <> ''), '[]'::json) as files
    from campaigns c where c.id in (${sql.join(ids.map((id) => sql`${id}`), sql`, `)}) and c.whatsapp_id is not null
  `)) as unknown as { id: number; whatsapp_id: number; media_path: string | null; media_name: string | null; files: { name: string; path: string }[] | string }[];
  return new Map(
    rows.map((r) => [
      r.id,
      { whatsappId: r.whatsapp_id, mediaPath: r.media_path, mediaName: r.media_name, files: typeof r.files === "string" ? JSON.parse(r.files) : r.files },
    ]),
  );
}

const fileName = (path: string) => path.split("/").pop()!.replace(/^[0-9a-f-]{36}-/, "");
