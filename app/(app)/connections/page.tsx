import { getTranslations } from "next-intl/server";
import { ConnectionsTable } from "@/components/connections/connections-table";
import { toConnectionRow } from "@/components/connections/connection-types";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listConnections } from "@/lib/connections/list-connections";
import { listQueueOptions } from "@/lib/connections/list-queue-options";
import { getEnv } from "@/lib/env";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("connections") };
}

// /connections (admin §2.2): the first list is rendered here, then kept live in the browser.
export default async function ConnectionsPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.connections.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/tickets" />;
  const db = getDb();
  const [connections, queues] = await Promise.all([listConnections(db, ctx), listQueueOptions(db, ctx.companyId)]);
  return (
    <div className="mx-auto max-w-6xl">
      <ConnectionsTable
        companyId={ctx.companyId}
        timezone={user.company.timezone}
        initial={connections.map(toConnectionRow)}
        queues={queues}
        sandboxEnabled={getEnv().sandboxEnabled}
      />
    </div>
  );
}
