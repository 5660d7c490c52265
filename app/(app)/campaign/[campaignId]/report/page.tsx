import { getTranslations } from "next-intl/server";
import { notFound } from "next/navigation";
import { CampaignReport } from "@/components/campaigns/report/campaign-report";
import { toReportCampaign } from "@/components/campaigns/report/report-state";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { readCampaign } from "@/lib/campaigns/campaign-view";
import { campaignReport } from "@/lib/campaigns/dispatch/report";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { idSchema } from "@/lib/validation/ids";

export async function generateMetadata() {
  return { title: (await getTranslations("campaignReport"))("metaTitle") };
}

// /campaign/{id}/report (admin.md §2.7): admins of a company with campaigns; another company's
// campaign is not found.
export default async function CampaignReportPage({ params }: { params: Promise<{ campaignId: string }> }) {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.campaignsList.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const parsed = idSchema().safeParse((await params).campaignId);
  if (!parsed.success) notFound();
  const initial = await loadReport(ctx.companyId, parsed.data);
  return <CampaignReport companyId={ctx.companyId} initial={initial} />;
}

async function loadReport(companyId: number, id: number) {
  const db = getDb();
  try {
    const [row, report] = await Promise.all([readCampaign(db, companyId, id), campaignReport(db, companyId, id)]);
    return toReportCampaign(row, report);
  } catch (e) {
    if (e instanceof AppError) notFound();
    throw e;
  }
}
