// Shared setup of the campaign dispatcher tests (campaigns-dispatch*.test.ts): lists, campaigns,
// settings made directly, and a worker-less "phone" that claims and marks the campaign outbox.
import { eq, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { campaignSettings, campaigns, contactListItems, contactLists, whatsapps } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { claimCampaignMessages, markCampaignInvalid, markCampaignSent } from "@/lib/campaigns/dispatch/outbox";
import type { Tenant } from "../helpers/factories";

export const ctxOf = (t: Tenant): TenantContext => ({
  companyId: t.companyId,
  userId: t.admin.id,
  profile: "admin",
  queueIds: t.queueIds,
  super: false,
  sessionId: "t",
});

let seq = 0;
/** `n` distinct numbers of a test (13 digits, never ending in 0000). */
export const numbers = (n: number, prefix = "55319") => {
  const base = ++seq * 100000;
  return Array.from({ length: n }, (_, i) => `${prefix}${String(base + i + 1).padStart(8, "0")}`);
};

type Item = { number: string; name?: string; email?: string; valid?: boolean | null };

export async function makeList(t: Tenant, items: (Item | string)[]) {
  const db = getDb();
  const [list] = await db.insert(contactLists).values({ companyId: t.companyId, name: `List ${++seq}` }).returning();
  const rows = items.map((it) => (typeof it === "string" ? { number: it } : it));
  for (let i = 0; i < rows.length; i += 2000) {
    await db.insert(contactListItems).values(
      rows.slice(i, i + 2000).map((r, j) => ({
        companyId: t.companyId,
        contactListId: list.id,
        name: r.name ?? `Contato ${i + j + 1}`,
        number: r.number,
        email: r.email ?? "",
        isWhatsappValid: r.valid === undefined ? true : r.valid,
      })),
    );
  }
  return list.id;
}

/** A connection of its own for a campaign, so one test's outbox never holds another's rows. */
export async function newConnection(t: Tenant) {
  const [w] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.companyId, name: `Campanhas ${++seq}`, provider: "sandbox", token: `tok-${seq}-${Date.now()}` })
    .returning({ id: whatsapps.id });
  return w.id;
}

/** A PROGRAMADA campaign due a second ago, on the tenant's connection unless `whatsappId` is given. */
export async function makeCampaign(t: Tenant, fields: Partial<typeof campaigns.$inferInsert> = {}) {
  const whatsappId = fields.whatsappId ?? t.whatsappId;
  const [c] = await getDb()
    .insert(campaigns)
    .values({
      companyId: t.companyId,
      name: `Campanha ${++seq}`,
      message1: "Olá {nome}!",
      status: "PROGRAMADA",
      scheduledAt: new Date(Date.now() - 1000),
      ...fields,
      whatsappId,
    })
    .returning();
  return c.id;
}

export async function setSettings(t: Tenant, s: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number }) {
  for (const [key, value] of Object.entries(s)) {
    await getDb()
      .insert(campaignSettings)
      .values({ companyId: t.companyId, key, value: JSON.stringify(value) })
      .onConflictDoUpdate({ target: [campaignSettings.companyId, campaignSettings.key], set: { value: JSON.stringify(value) } });
  }
}

export const campaignRow = async (id: number) => (await getDb().select().from(campaigns).where(eq(campaigns.id, id)))[0];

export async function shippingOf(campaignId: number) {
  return (await getDb().execute(sql`
    select id, number, name, status, due_at, message, confirmation_message, delivered_at, confirmation_requested_at, confirmed_at, contact_id
    from campaign_shipping where campaign_id = ${campaignId} order by id
  `)) as unknown as {
    id: number;
    number: string;
    name: string;
    status: string;
    due_at: Date | string | null;
    message: string;
    confirmation_message: string;
    delivered_at: Date | string | null;
    confirmation_requested_at: Date | string | null;
    confirmed_at: Date | string | null;
    contact_id: number | null;
  }[];
}

export async function outboxOf(campaignId: number) {
  return (await getDb().execute(sql`
    select m.id, m.shipping_id, m.kind, m.position, m.wid, m.number, m.body, m.media_path, m.media_name, m.check_number, m.send_status
    from campaign_messages m where m.campaign_id = ${campaignId} order by m.id
  `)) as unknown as {
    id: string;
    shipping_id: number;
    kind: string;
    position: number;
    wid: string;
    number: string;
    body: string;
    media_path: string | null;
    media_name: string | null;
    check_number: boolean;
    send_status: string;
  }[];
}

/**
 * Plays the worker without a provider: claims the connection's campaign outbox and marks each row
 * sent (numbers ending in 0000 are "not on WhatsApp" when the row asks for a check), up to `max`
 * rows. Returns the wids sent.
 */
export async function drainOutbox(campaignId: number, max = Infinity) {
  const whatsappId = (await campaignRow(campaignId)).whatsappId!;
  const sent: { wid: string; to: string }[] = [];
  for (;;) {
    const batch = await claimCampaignMessages(getDb(), whatsappId, Math.min(20, max - sent.length));
    if (!batch.length) return sent;
    for (const m of batch) {
      if (m.checkNumber && m.message.to.endsWith("0000")) {
        await markCampaignInvalid(getDb(), m);
        continue;
      }
      sent.push({ wid: m.message.wid, to: m.message.to });
      await markCampaignSent(getDb(), { id: m.id, companyId: m.companyId, number: m.checkNumber ? m.message.to : undefined });
    }
    if (sent.length >= max) return sent;
  }
}

export const countBy = <T>(xs: T[], key: (x: T) => string) => {
  const m = new Map<string, number>();
  for (const x of xs) m.set(key(x), (m.get(key(x)) ?? 0) + 1);
  return m;
};

/** A campaign on a connection of its own, so one test's outbox never holds another's rows. */
export const ownCampaign = async (t: Tenant, fields: Parameters<typeof makeCampaign>[1] = {}) =>
  makeCampaign(t, { whatsappId: await newConnection(t), ...fields });

/** Seconds from `from` to `d` (null stays null). */
export const secs = (d: Date | string | null, from: Date) => (d === null ? null : (new Date(d).getTime() - from.getTime()) / 1000);
