import { getDb } from "@/db";
import { campaigns } from "@/db/schema";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Campaigns (issue 15 §3): list, CRUD and the attachment. The campaigns seeded are INATIVA, so
// every write is allowed; the delete has its own row.
const x = (r: Resources, key: string) => Number(r.extra[`campaigns.${key}`]);
const id = (n: number) => ({ id: n });
const txt = () => new Blob([new TextEncoder().encode("campaign attachment")], { type: "text/plain" });

async function seed(t: { companyId: number }, marker: string) {
  const [campaign, del] = await getDb()
    .insert(campaigns)
    .values([1, 2].map((i) => ({ companyId: t.companyId, name: `Campaign ${i} ${marker}`, message1: `Hello ${marker}` })))
    .returning({ id: campaigns.id });
  return { "campaigns.campaignId": campaign.id, "campaigns.delCampaignId": del.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/campaigns": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  // names A's connection and tag: B's ids answer 404
  "POST /api/campaigns": {
    build: (r) => ({
      body: { name: "Sweep campaign", message1: "Olá {nome}", scheduledAt: "2030-01-01T10:00", whatsappId: r.connectionId, tagListId: r.tagId },
    }),
  },
  "GET /api/campaigns/[id]": { build: (r) => ({ params: id(x(r, "campaignId")) }) },
  "PUT /api/campaigns/[id]": { build: (r) => ({ params: id(x(r, "campaignId")), body: { name: "Edited campaign", whatsappId: r.connectionId } }) },
  "DELETE /api/campaigns/[id]": { build: (r) => ({ params: id(x(r, "delCampaignId")) }) },
  "POST /api/campaigns/[id]/media-upload": { build: (r) => ({ params: id(x(r, "campaignId")), form: { file: { blob: txt(), name: "folheto.txt" } } }) },
  "DELETE /api/campaigns/[id]/media-upload": { build: (r) => ({ params: id(x(r, "campaignId")) }) },
};

export const campaignsArea: SweepArea = { publicRoutes: [], fixtures, seed };
