import { sql } from "drizzle-orm";
import type { Db } from "@/db";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { finishIfDone, publishProgress } from "./progress";
import { insertRecipients } from "./recipients";

export type StartOptions = { limit?: number; campaignId?: number };

type Row = {
  id: number;
  company_id: number;
  contact_list_id: number | null;
  tag_list_id: number | null;
  confirmation: boolean;
  provider: string | null;
  min_gap: number | null;
  m1: string; m2: string; m3: string; m4: string; m5: string;
  c1: string; c2: string; c3: string; c4: string; c5: string;
};

/**
 * Starts PROGRAMADA campaigns whose `scheduledAt` has come (at most `limit`, or only `campaignId`):
 * each in its own transaction, claimed with FOR UPDATE SKIP LOCKED, becomes EM_ANDAMENTO with its
 * recipients fixed (lib/campaigns/dispatch/recipients.ts), so two schedulers start it once.
 * `full`: the limit was reached (more may be due).
 */
export async function startDueCampaigns(
  db: Db,
  now: Date,
  limitOrOptions: number | StartOptions = {},
): Promise<{ started: number[]; full: boolean }> {
  const opts = typeof limitOrOptions === "number" ? { limit: limitOrOptions } : limitOrOptions;
  const limit = opts.limit ?? 10;
  const started: { id: number; companyId: number }[] = [];
  while (started.length < limit) {
    const one = await db.transaction(async (tx) => {
      const [c] = (await tx.execute(sql`
        select id, company_id, contact_list_id, tag_list_id, confirmation,
          (select w.provider from whatsapps w where w.id = campaigns.whatsapp_id) as provider,
          (select w.send_min_gap_seconds from whatsapps w where w.id = campaigns.whatsapp_id) as min_gap,
          message1 as m1, message2 as m2, message3 as m3, message4 as m4, message5 as m5,
          confirmation_message1 as c1, confirmation_message2 as c2, confirmation_message3 as c3,
          confirmation_message4 as c4, confirmation_message5 as c5
        from campaigns
        where status = 'PROGRAMADA' and scheduled_at <= ${now.toISOString()}::timestamptz
          ${opts.campaignId !== undefined ? sql`and id = ${opts.campaignId}` : sql``}
        order by scheduled_at, id
        limit 1
        for update skip locked
      `)) as unknown as Row[];
      if (!c) return null;
      const settings = await getCampaignSettings(tx, c.company_id);
      await insertRecipients(
        tx,
        {
          id: c.id,
          companyId: c.company_id,
          contactListId: c.contact_list_id,
          tagListId: c.tag_list_id,
          confirmation: c.confirmation,
          provider: c.provider,
          minGap: c.min_gap,
          messages: [c.m1, c.m2, c.m3, c.m4, c.m5],
          confirmationMessages: [c.c1, c.c2, c.c3, c.c4, c.c5],
        },
        settings,
        now,
      );
      await tx.execute(sql`update campaigns set status = 'EM_ANDAMENTO', completed_at = null, updated_at = now() where id = ${c.id}`);
      return { id: c.id, companyId: c.company_id };
    });
    if (!one) break;
    started.push(one);
    // a campaign with no one left to send to (empty list, every number invalid) is done at once
    if (!(await finishIfDone(db, one.companyId, one.id))) await publishProgress(db, one.companyId, one.id, { force: true });
  }
  return { started: started.map((s) => s.id), full: started.length >= limit };
}
