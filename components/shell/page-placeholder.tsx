import { Construction } from "lucide-react";
import { getTranslations } from "next-intl/server";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { deniedReason, PAGES, type PageKey } from "@/lib/navigation/pages";
import { AccessDenied } from "./access-denied";
import { PageHeader } from "./page-header";

/**
 * A private route that a later issue fills. Access rules are real (role and plan gates);
 * only the content is not there yet.
 */
export async function PagePlaceholder({ page }: { page: PageKey }) {
  const viewer = await getPageViewer();
  const denied = deniedReason(PAGES[page].access, {
    profile: viewer.user.profile,
    super: viewer.user.super,
    plan: viewer.plan,
    campaignsFlag: viewer.campaignsSetting,
  });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const t = await getTranslations();
  return (
    <div className="mx-auto max-w-6xl">
      <PageHeader title={t(`menu.${page}`)} />
      <div className="flex flex-col items-center justify-center rounded-xl border border-dashed bg-card px-6 py-20 text-center">
        <Construction className="mb-4 size-10 text-muted-foreground" aria-hidden />
        <p className="text-lg font-medium">{t("common.comingSoon")}</p>
        <p className="mt-1 max-w-md text-sm text-muted-foreground">{t("common.comingSoonText")}</p>
      </div>
    </div>
  );
}
