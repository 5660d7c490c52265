import { getTranslations } from "next-intl/server";
import { AnnouncementsTable } from "@/components/announcements/announcements-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { listAnnouncements } from "@/lib/announcements/list-announcements";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("announcements") };
}

// /announcements (admin §2.9): super users only; anyone else gets the error toast and goes to /
// after 1 second. The first page is rendered here, then paged and kept live in the browser.
export default async function AnnouncementsPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.announcements.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/" />;
  const first = await listAnnouncements(getDb(), ctx, "", 1);
  // as the browser receives it (JSON): dates as text
  const items = JSON.parse(JSON.stringify(first.records));
  return (
    <div className="mx-auto max-w-5xl">
      <AnnouncementsTable initial={{ items, hasMore: first.hasMore }} />
    </div>
  );
}
