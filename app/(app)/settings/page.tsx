import { getTranslations } from "next-intl/server";
import { SettingsView } from "@/components/settings/settings-view";
import { TABS, type Tab } from "@/components/settings/settings-types";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { getCompanySchedules } from "@/lib/settings/get-company-schedules";
import { getCompanySettings } from "@/lib/settings/get-company-settings";
import { listMaskedSecrets } from "@/lib/settings/secret-settings";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("settings") };
}

// /settings (admin §2.4): open to every user; only admins change what it shows; super users also
// administer companies, plans and help videos there.
export default async function SettingsPage({ searchParams }: { searchParams: Promise<{ tab?: string | string[] }> }) {
  const { ctx } = await getPageViewer();
  const { tab } = await searchParams;
  const db = getDb();
  const canEdit = ctx.profile === "admin" || ctx.super;
  const [settings, company, secrets] = await Promise.all([
    getCompanySettings(db, ctx.companyId),
    getCompanySchedules(db, ctx, ctx.companyId),
    // the payment token, masked, for admins only
    canEdit ? listMaskedSecrets(db, ctx.companyId) : [],
  ]);
  const wanted = TABS.find((x) => x === tab) ?? "options";
  return (
    // the super admin's tabs are tables of several columns: a wider page for them
    <div className={ctx.super ? "mx-auto max-w-6xl" : "mx-auto max-w-4xl"}>
      <SettingsView
        companyId={ctx.companyId}
        initialSettings={settings}
        initialSchedules={company.schedules}
        initialSecrets={secrets}
        canEdit={canEdit}
        isSuper={ctx.super}
        initialTab={wanted satisfies Tab}
      />
    </div>
  );
}
