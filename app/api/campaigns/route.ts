import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createCampaign } from "@/lib/campaigns/create-campaign";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { campaignSchema } from "@/lib/campaigns/schemas";

// GET /api/campaigns — `{ records, count, hasMore }`, 40 a page, newest first, searched by name.
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listCampaigns(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/campaigns — a campaign: PROGRAMADA with scheduledAt, INATIVA without.
export const POST = route({ access: "admin", body: campaignSchema }, async ({ ctx, body }) => createCampaign(getDb(), ctx, body));
