import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { ItemsView } from "@/components/contact-lists/items-view";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { AppError } from "@/lib/api/errors";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getCheckProgress } from "@/lib/contact-lists/check-progress";
import { getContactList } from "@/lib/contact-lists/contact-list-view";
import { listContactListItems } from "@/lib/contact-lists/list-items";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { idSchema } from "@/lib/validation/ids";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("contactLists") };
}

// /contact-lists/{id}/contacts (admin §2.7): the items of one of the company's lists (another's is 404),
// with how far their WhatsApp check has got.
export default async function ContactListItemsPage({ params }: { params: Promise<{ contactListId: string }> }) {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.contactLists.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const id = idSchema().safeParse((await params).contactListId);
  if (!id.success) notFound();
  const db = getDb();
  const list = await getContactList(db, ctx, id.data).catch((err) => {
    if (err instanceof AppError && err.status === 404) notFound();
    throw err;
  });
  const [first, progress] = await Promise.all([listContactListItems(db, ctx, list.id, "", 1), getCheckProgress(db, ctx, list.id)]);
  return (
    <div className="mx-auto max-w-6xl">
      <ItemsView companyId={ctx.companyId} list={list} initial={{ items: first.contacts, hasMore: first.hasMore }} progress={progress} />
    </div>
  );
}
