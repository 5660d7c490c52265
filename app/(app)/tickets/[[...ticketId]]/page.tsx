import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/shell/page-header";
import { TicketList } from "@/components/tickets/ticket-list";
import { getPageViewer } from "@/lib/auth/page-viewer";

export async function generateMetadata() {
  return { title: (await getTranslations("menu"))("tickets") };
}

// The ticket manager; this first cut lists tickets live. The conversation, filters and actions
// come with the tickets work.
export default async function TicketsPage() {
  const { ctx } = await getPageViewer();
  const t = await getTranslations();
  return (
    <div className="mx-auto flex h-[calc(100dvh-8rem)] max-w-6xl flex-col">
      <PageHeader title={t("menu.tickets")} />
      <div className="grid min-h-0 flex-1 gap-4 md:grid-cols-[minmax(0,22rem)_1fr]">
        <TicketList companyId={ctx.companyId} isAdmin={ctx.profile === "admin"} queueIds={ctx.queueIds} />
        <div className="hidden items-center justify-center rounded-xl border border-dashed text-sm text-muted-foreground md:flex">
          {t("tickets.selectOne")}
        </div>
      </div>
    </div>
  );
}
