import { getTranslations } from "next-intl/server";
import { CampaignSettingsForm } from "@/components/campaign-settings/campaign-settings-form";
import { AccessDenied } from "@/components/shell/access-denied";
import { PageHeader } from "@/components/shell/page-header";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getCampaignSettings } from "@/lib/campaign-settings/campaign-settings";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("campaignsConfig") };
}

// /campaigns-config (admin §2.7, §9): admins of a company with campaigns.
export default async function CampaignsConfigPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.campaignsConfig.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const [t, settings] = await Promise.all([getTranslations("campaignSettings"), getCampaignSettings(getDb(), ctx.companyId)]);
  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <PageHeader title={t("title")} />
      <CampaignSettingsForm initial={settings} />
    </div>
  );
}
