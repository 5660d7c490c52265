import { getTranslations } from "next-intl/server";
import { CampaignsTable } from "@/components/campaigns/campaigns-table";
import { toClientRow } from "@/components/campaigns/campaign-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listCampaigns } from "@/lib/campaigns/list-campaigns";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("campaignsList") };
}

// /campaigns (admin §2.7): the first page is rendered here, then paged and kept live in the browser.
export default async function CampaignsPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.campaignsList.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const first = await listCampaigns(getDb(), ctx, "", 1);
  return (
    <div className="mx-auto max-w-7xl">
      <CampaignsTable companyId={ctx.companyId} timezone={user.company.timezone} initial={{ items: first.records.map(toClientRow), hasMore: first.hasMore }} />
    </div>
  );
}
