import { getTranslations } from "next-intl/server";
import { TagsTable } from "@/components/tags/tags-table";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listTags } from "@/lib/tags/list-tags";
import { canDeleteTag, canSetKanban } from "@/lib/tags/permissions";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("tags") };
}

// /tags (core §2 Tags page): the first page is rendered here, then paged and kept live in the browser.
export default async function TagsPage() {
  const { ctx } = await getPageViewer();
  const first = await listTags(getDb(), ctx, "", 1);
  return (
    <div className="mx-auto max-w-5xl">
      <TagsTable
        companyId={ctx.companyId}
        initial={{ items: first.tags, hasMore: first.hasMore }}
        canKanban={canSetKanban(ctx)}
        canDelete={canDeleteTag(ctx)}
      />
    </div>
  );
}
