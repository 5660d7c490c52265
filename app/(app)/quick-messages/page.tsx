import { getTranslations } from "next-intl/server";
import { QuickMessagesTable } from "@/components/quick-messages/quick-messages-table";
import { getDb } from "@/db";
import { isAdmin } from "@/lib/api/context";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listQuickMessages } from "@/lib/quick-messages/list-quick-messages";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("quickMessages") };
}

// /quick-messages: the first page is rendered here, then paged and kept live in the browser.
export default async function QuickMessagesPage() {
  const { ctx } = await getPageViewer();
  const first = await listQuickMessages(getDb(), ctx, "", 1);
  // the server's Date becomes the browser's ISO string, as the API answers it
  const items = first.records.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() }));
  return (
    <div className="mx-auto max-w-6xl">
      <QuickMessagesTable
        companyId={ctx.companyId}
        userId={ctx.userId}
        isAdmin={isAdmin(ctx)}
        initial={{ items, hasMore: first.hasMore }}
      />
    </div>
  );
}
