import { getTranslations } from "next-intl/server";
import { QueuesTable } from "@/components/queues/queues-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { getScheduleType } from "@/lib/queues/get-schedule-type";
import { listQueues } from "@/lib/queues/list-queues";
import { queueSummary } from "@/lib/queues/queue-summary";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("queues") };
}

// /queues (admin §2.3): the list is rendered here, then kept live in the browser.
export default async function QueuesPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.queues.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/tickets" />;
  const db = getDb();
  const [queues, scheduleType] = await Promise.all([listQueues(db, ctx.companyId), getScheduleType(db, ctx.companyId)]);
  return (
    <div className="mx-auto max-w-6xl">
      <QueuesTable companyId={ctx.companyId} initial={queues.map(queueSummary)} showHours={scheduleType === "queue"} />
    </div>
  );
}
