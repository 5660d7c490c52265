import { and, eq, sql } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { campaigns, contactLists, whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { mediaUrl } from "@/lib/storage";

/** A campaign as the API answers it (admin.md §3 Campaign, with its connection and contact list named). */
export type CampaignRow = {
  id: number;
  companyId: number;
  name: string;
  message1: string;
  message2: string;
  message3: string;
  message4: string;
  message5: string;
  confirmationMessage1: string;
  confirmationMessage2: string;
  confirmationMessage3: string;
  confirmationMessage4: string;
  confirmationMessage5: string;
  status: string;
  confirmation: boolean;
  scheduledAt: Date | null;
  completedAt: Date | null;
  whatsappId: number | null;
  contactListId: number | null;
  tagListId: number | null;
  fileListId: number | null;
  mediaPath: string | null;
  mediaName: string | null;
  /** the attachment's authenticated URL */
  mediaUrl: string | null;
  createdAt: Date;
  updatedAt: Date;
  /**
   * recipients asked to confirm who have not answered yet: a FINALIZADA campaign still waits for
   * them (the list says so beside its status, issue 34 §2.3)
   */
  awaitingConfirmation: number;
  whatsapp: { id: number; name: string } | null;
  contactList: { id: number; name: string } | null;
};

/** The select of a CampaignRow (without mediaUrl); use with `campaignFrom`. */
export const campaignColumns = {
  id: campaigns.id,
  companyId: campaigns.companyId,
  name: campaigns.name,
  message1: campaigns.message1,
  message2: campaigns.message2,
  message3: campaigns.message3,
  message4: campaigns.message4,
  message5: campaigns.message5,
  confirmationMessage1: campaigns.confirmationMessage1,
  confirmationMessage2: campaigns.confirmationMessage2,
  confirmationMessage3: campaigns.confirmationMessage3,
  confirmationMessage4: campaigns.confirmationMessage4,
  confirmationMessage5: campaigns.confirmationMessage5,
  status: campaigns.status,
  confirmation: campaigns.confirmation,
  scheduledAt: campaigns.scheduledAt,
  completedAt: campaigns.completedAt,
  whatsappId: campaigns.whatsappId,
  contactListId: campaigns.contactListId,
  tagListId: campaigns.tagListId,
  fileListId: campaigns.fileListId,
  mediaPath: campaigns.mediaPath,
  mediaName: campaigns.mediaName,
  createdAt: campaigns.createdAt,
  updatedAt: campaigns.updatedAt,
  // campaign_shipping_campaign_status_idx (campaign_id, status): one probe per campaign
  awaitingConfirmation: sql<number>`(select count(*)::int from campaign_shipping s where s.campaign_id = ${campaigns.id} and s.status = 'confirming')`.mapWith(Number),
  whatsappName: whatsapps.name,
  contactListName: contactLists.name,
};

type Selected = Omit<CampaignRow, "mediaUrl" | "whatsapp" | "contactList"> & { whatsappName: string | null; contactListName: string | null };

/**
 * `select(campaignColumns)` from campaigns with its connection and contact list; the joins carry
 * the company too (the foreign keys do not), so another company's row is never named.
 */
export function selectCampaigns(db: DbOrTx) {
  return db
    .select(campaignColumns)
    .from(campaigns)
    .leftJoin(whatsapps, and(eq(whatsapps.id, campaigns.whatsappId), eq(whatsapps.companyId, campaigns.companyId)))
    .leftJoin(contactLists, and(eq(contactLists.id, campaigns.contactListId), eq(contactLists.companyId, campaigns.companyId)));
}

export function toCampaignRow(r: Selected): CampaignRow {
  const { whatsappName, contactListName, ...row } = r;
  return {
    ...row,
    mediaUrl: row.mediaPath ? mediaUrl(row.mediaPath) : null,
    whatsapp: row.whatsappId !== null && whatsappName !== null ? { id: row.whatsappId, name: whatsappName } : null,
    contactList: row.contactListId !== null && contactListName !== null ? { id: row.contactListId, name: contactListName } : null,
  };
}

/** A campaign of the company by id; 404 ERR_NO_CAMPAIGN_FOUND when it has none. */
export async function readCampaign(db: DbOrTx, companyId: number, id: number): Promise<CampaignRow> {
  const [row] = await selectCampaigns(db).where(and(eq(campaigns.id, id), eq(campaigns.companyId, companyId)));
  if (!row) throw new AppError("ERR_NO_CAMPAIGN_FOUND", 404);
  return toCampaignRow(row);
}
