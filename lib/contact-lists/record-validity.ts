import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";

export type ValidityResult = { id: number; valid: boolean | null };

/**
 * Writes what the provider answered for contact-list items of one company (null: it could not
 * tell; the item stays unknown and is checked again later) and tells the list screens, batched:
 * `ContactListItem` `{ action: "validity", items: [{ id, contactListId, isWhatsappValid }] }`, on
 * the company's admin channel under the plain name and under `ContactListItem-{listId}`.
 */
export async function recordValidity(db: DbOrTx, companyId: number, results: ValidityResult[]) {
  if (!results.length) return [];
  const payload = JSON.stringify(results.map((r) => ({ id: r.id, valid: r.valid })));
  const rows = (await db.execute(sql`
    update contact_list_items i
    set is_whatsapp_valid = r.valid, whatsapp_checked_at = now(), updated_at = now()
    from jsonb_to_recordset(${payload}::jsonb) as r(id int, valid boolean)
    where i.id = r.id and i.company_id = ${companyId}
    returning i.id, i.contact_list_id, i.is_whatsapp_valid
  `)) as unknown as { id: number; contact_list_id: number; is_whatsapp_valid: boolean | null }[];
  const items = rows.map((r) => ({ id: r.id, contactListId: r.contact_list_id, isWhatsappValid: r.is_whatsapp_valid }));
  if (items.length) await publish(...validityEvents(companyId, items));
  return items;
}

type ValidityItem = { id: number; contactListId: number; isWhatsappValid: boolean | null };

function validityEvents(companyId: number, items: ValidityItem[]) {
  const channel = [channels.admins(companyId)];
  const byList = new Map<number, ValidityItem[]>();
  for (const item of items) byList.set(item.contactListId, [...(byList.get(item.contactListId) ?? []), item]);
  return [
    { channels: channel, event: EVENTS.contactListItem, data: { action: "validity", items } },
    ...[...byList].map(([listId, listItems]) => ({
      channels: channel,
      event: `${EVENTS.contactListItem}-${listId}`,
      data: { action: "validity", items: listItems },
    })),
  ];
}
