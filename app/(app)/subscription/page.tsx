import { getTranslations } from "next-intl/server";
import { SubscriptionPanel } from "@/components/billing/subscription-panel";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { getSubscriptionInfo } from "@/lib/subscription/get-subscription-info";
import { trialDaysLeft } from "@/lib/subscription/trial";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("subscription") };
}

// /subscription (spec admin §2.6): admins only; read here, the checkout runs in the browser.
export default async function SubscriptionPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.subscription.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const info = await getSubscriptionInfo(getDb(), ctx.companyId);
  if (!info) return null;
  return (
    <div className="mx-auto max-w-5xl">
      <SubscriptionPanel
        companyId={ctx.companyId}
        trialDays={trialDaysLeft(info.trialExpiration, info.timezone)}
        email={info.email}
        dueDate={info.dueDate}
        recurrence={info.recurrence}
        plan={info.plan}
        isPlatformOwner={info.isPlatformOwner}
      />
    </div>
  );
}
