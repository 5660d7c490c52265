"use client";

import { CircleCheck } from "lucide-react";
import { useTranslations } from "next-intl";
import { lastActiveDay } from "@/lib/companies/due-date";
import { formatDayBr } from "@/lib/dates/today";

/**
 * The paid screen (spec admin §2.6): the renewed-until date, shown as the top bar's "Ativo até"
 * shows it (the last active day, the one before the new due date).
 */
export function PaidScreen({ dueDate }: { dueDate: string | null }) {
  const t = useTranslations("billing.paid");
  return (
    <div className="flex flex-col items-center py-6 text-center" data-testid="checkout-paid">
      <span className="mb-4 flex size-16 items-center justify-center rounded-full bg-success/15 text-success">
        <CircleCheck className="size-9" aria-hidden />
      </span>
      <p className="text-xl font-semibold">{t("title")}</p>
      {dueDate && (
        <p className="mt-2 text-muted-foreground">
          {t.rich("renewedUntil", {
            date: formatDayBr(lastActiveDay(dueDate)),
            b: (chunks) => (
              <strong className="font-semibold text-foreground" data-testid="paid-until">
                {chunks}
              </strong>
            ),
          })}
        </p>
      )}
      <p className="mt-6 text-sm text-muted-foreground">{t("redirect")}</p>
    </div>
  );
}
