import { getTranslations } from "next-intl/server";
import { AccessDenied } from "@/components/shell/access-denied";
import { UsersTable } from "@/components/users/users-table";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { listUsers } from "@/lib/users/list-users";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("users") };
}

// /users (spec core §2 Users page): admins only (colleagues' emails and rights); the first page is
// rendered here, then kept live in the browser.
export default async function UsersPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.users.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to="/tickets" />;
  const first = await listUsers(getDb(), ctx, "", 1);
  return (
    <div className="mx-auto max-w-6xl">
      <UsersTable
        companyId={ctx.companyId}
        viewer={{ id: user.id, isAdmin: user.profile === "admin" }}
        initial={{ items: first.users, hasMore: first.hasMore }}
      />
    </div>
  );
}
