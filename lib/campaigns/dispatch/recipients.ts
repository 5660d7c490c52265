import { sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import type { CampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { fillCampaignMessage, pickVariant } from "@/lib/campaign-settings/fill-message";
import { campaignClock } from "./spacing";

export type StartingCampaign = {
  id: number;
  companyId: number;
  contactListId: number | null;
  tagListId: number | null;
  confirmation: boolean;
  messages: string[];
  confirmationMessages: string[];
  /** its connection's provider: paced intervals unless the sandbox (spacing.ts) */
  provider?: string | null;
  /** its connection's least gap between unsolicited sends (send-pacer.ts) */
  minGap?: number | null;
};

type Source = { contactId: number | null; name: string; number: string; email: string; valid: boolean | null };

// rows per INSERT: a 10,000-recipient campaign is two statements
const CHUNK = 5000;

/**
 * The campaign's recipients, fixed at its start: the contact list's items (id order), then the
 * company's contacts having a ticket with the campaign's tag; one row per number. Numbers known not
 * to be on WhatsApp become `invalid` at once; the others `pending`, due one after another by the
 * campaign settings' intervals from `start` (paced on a real number: spacing.ts), each with its own
 * message (and confirmation message) picked among the filled variants, variables replaced.
 */
export async function insertRecipients(tx: DbOrTx, c: StartingCampaign, settings: CampaignSettings, start: Date, random = Math.random) {
  const seen = new Set<string>();
  const rows = [];
  const nextDue = campaignClock(start, settings, c.provider, random, c.minGap ?? undefined);
  for (const s of await sources(tx, c)) {
    const number = s.number.trim();
    if (!number || seen.has(number)) continue;
    seen.add(number);
    const contact = { name: s.name, email: s.email, number };
    const invalid = s.valid === false;
    rows.push({
      contact_id: s.contactId,
      number,
      name: s.name,
      email: s.email,
      status: invalid ? "invalid" : "pending",
      due_at: invalid ? null : nextDue().toISOString(),
      message: fillCampaignMessage(pickVariant(c.messages, random), contact, settings.variables),
      confirmation_message: c.confirmation ? fillCampaignMessage(pickVariant(c.confirmationMessages, random), contact, settings.variables) : "",
    });
  }
  for (let i = 0; i < rows.length; i += CHUNK) {
    await tx.execute(sql`
      insert into campaign_shipping (company_id, campaign_id, contact_id, number, name, email, status, due_at, message, confirmation_message, confirmation)
      select ${c.companyId}, ${c.id}, r.contact_id, r.number, r.name, r.email, r.status, r.due_at, r.message, r.confirmation_message, ${c.confirmation}
      from jsonb_to_recordset(${JSON.stringify(rows.slice(i, i + CHUNK))}::jsonb)
        as r(contact_id int, number text, name text, email text, status text, due_at timestamptz, message text, confirmation_message text)
      on conflict (campaign_id, number) do nothing
    `);
  }
  return rows.length;
}

async function sources(tx: DbOrTx, c: StartingCampaign): Promise<Source[]> {
  const out: Source[] = [];
  if (c.contactListId !== null) {
    const items = (await tx.execute(sql`
      select id, name, number, email, is_whatsapp_valid from contact_list_items
      where contact_list_id = ${c.contactListId} and company_id = ${c.companyId}
      order by id
    `)) as unknown as { id: number; name: string; number: string; email: string; is_whatsapp_valid: boolean | null }[];
    for (const i of items) out.push({ contactId: i.id, name: i.name, number: i.number, email: i.email, valid: i.is_whatsapp_valid });
  }
  if (c.tagListId !== null) {
    // contacts of the company with a ticket carrying the tag (a tag of another company finds none)
    const tagged = (await tx.execute(sql`
      select ct.name, ct.number, ct.email, min(ct.id) as id from ticket_tags tt
        join tickets t on t.id = tt.ticket_id and t.company_id = ${c.companyId}
        join contacts ct on ct.id = t.contact_id and ct.company_id = ${c.companyId} and not ct.is_group
      where tt.tag_id = ${c.tagListId} and tt.company_id = ${c.companyId}
      group by ct.name, ct.number, ct.email
      order by min(ct.id)
    `)) as unknown as { name: string; number: string; email: string }[];
    // came from a chat: on WhatsApp
    for (const t of tagged) out.push({ contactId: null, name: t.name, number: t.number, email: t.email, valid: true });
  }
  return out;
}
