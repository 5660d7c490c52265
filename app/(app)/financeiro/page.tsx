import { getTranslations } from "next-intl/server";
import { InvoicesTable } from "@/components/billing/invoices-table";
import { AccessDenied } from "@/components/shell/access-denied";
import { getDb } from "@/db";
import { getPageViewer } from "@/lib/auth/page-viewer";
import { listInvoices } from "@/lib/invoices/list-invoices";
import { deniedReason, PAGES } from "@/lib/navigation/pages";
import { getSubscriptionInfo } from "@/lib/subscription/get-subscription-info";

export async function generateMetadata() {
  return { title: (await getTranslations("billing"))("invoices.title") };
}

// /financeiro (spec admin §2.6 "Faturas"): admins only; the first page is rendered here, then paged
// through GET /api/invoices/all and kept live by the payment event.
export default async function FinanceiroPage() {
  const { ctx, user, plan, campaignsSetting } = await getPageViewer();
  const denied = deniedReason(PAGES.financeiro.access, { profile: user.profile, super: user.super, plan, campaignsFlag: campaignsSetting });
  if (denied) return <AccessDenied reason={denied} to={denied === "admin" ? "/tickets" : "/"} />;
  const db = getDb();
  const [info, first] = await Promise.all([getSubscriptionInfo(db, ctx.companyId), listInvoices(db, ctx.companyId, "", 1)]);
  if (!info) return null;
  return (
    <div className="mx-auto max-w-6xl">
      <InvoicesTable
        companyId={ctx.companyId}
        timezone={info.timezone}
        currentPlan={info.plan}
        initial={{ items: first.invoices, hasMore: first.hasMore }}
      />
    </div>
  );
}
