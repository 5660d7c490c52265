import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { UsersTable } from "@/components/users/users-table";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listUsers } from "@/lib/users/list-users";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("users") };
}

// The users list; the add/edit modal and delete come with the core pages work.
export default async function UsersPage() {
  const { ctx } = await getPageViewer();
  const t = await getTranslations("menu");
  const first = await listUsers(getDb(), ctx, "", 1);
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t("users")} />
      <UsersTable companyId={ctx.companyId} initial={{ items: first.users, hasMore: first.hasMore }} />
    </div>
  );
}
