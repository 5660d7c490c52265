import { getTranslations } from "next-intl/server";
import { SchedulesView } from "@/components/schedules/schedules-view";
import { AccessDenied } from "@/components/shell/access-denied";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("schedules") };
}

// /schedules (spec core §2, admin §9): the calendar of the company's scheduled messages; plan useSchedules.
export default async function SchedulesPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.schedules.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/" />;
  return (
    <div className="mx-auto max-w-6xl">
      <SchedulesView companyId={ctx.companyId} />
    </div>
  );
}
