import { MessagesSquare } from "lucide-react";
import { useTranslations } from "next-intl";

/** The conversation pane when no ticket is open. */
export function TicketsEmptyState() {
  const t = useTranslations("tickets.workspace");
  return (
    <div className="flex h-full flex-1 flex-col items-center justify-center gap-4 p-8 text-center" data-testid="tickets-empty-state">
      <div className="relative">
        <span className="absolute inset-0 -m-4 rounded-full bg-primary/5" aria-hidden />
        <span className="relative flex size-20 items-center justify-center rounded-full bg-primary/10 text-primary">
          <MessagesSquare className="size-9" aria-hidden />
        </span>
      </div>
      <div className="max-w-sm space-y-1.5">
        <h2 className="text-lg font-semibold">{t("emptyTitle")}</h2>
        <p className="text-sm text-muted-foreground">{t("emptyText")}</p>
      </div>
    </div>
  );
}
