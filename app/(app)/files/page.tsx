import { getTranslations } from "next-intl/server";
import { FileListsTable } from "@/components/file-lists/file-lists-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listFileLists } from "@/lib/file-lists/list-file-lists";
import { deniedReason, PAGES } from "@/lib/navigation/pages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("files") };
}

// /files (admin §2.11): the company's admins, whatever the plan (an ordinary admin page, admin §2.1);
// the first page is rendered here, then paged and kept live in the browser.
export default async function FilesPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.files.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const first = await listFileLists(getDb(), ctx, "", 1);
  const items = first.files.map(({ id, name, message }) => ({ id, name, message }));
  return (
    <div className="mx-auto max-w-5xl">
      <FileListsTable companyId={ctx.companyId} initial={{ items, hasMore: first.hasMore }} />
    </div>
  );
}
