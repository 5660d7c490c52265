import { getTranslations } from "next-intl/server";
import { ContactListsTable } from "@/components/contact-lists/contact-lists-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listContactLists } from "@/lib/contact-lists/list-contact-lists";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("contactLists") };
}

// /contact-lists (admin §2.7): admins of companies with campaigns; the first page rendered here.
export default async function ContactListsPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.contactLists.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const first = await listContactLists(getDb(), ctx, "", 1);
  return (
    <div className="mx-auto max-w-5xl">
      <ContactListsTable companyId={ctx.companyId} initial={{ items: first.records, hasMore: first.hasMore }} />
    </div>
  );
}
