import { getTranslations } from "next-intl/server";
import { IntegrationsTable } from "@/components/queue-integrations/integrations-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { listIntegrations } from "@/lib/queue-integrations/list-integrations";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("queueIntegration") };
}

// /queue-integration (admin §2.13): admins of a company whose plan has useIntegrations; the first
// page is rendered here, then paged and kept live in the browser.
export default async function QueueIntegrationPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.queueIntegration.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const first = await listIntegrations(getDb(), ctx, "", 1);
  const items = first.queueIntegrations.map(({ id, type, name, lastError, lastErrorAt }) => ({ id, type, name, lastError, lastErrorAt }));
  return (
    <div className="mx-auto max-w-5xl">
      <IntegrationsTable companyId={ctx.companyId} initial={{ items, hasMore: first.hasMore }} />
    </div>
  );
}
