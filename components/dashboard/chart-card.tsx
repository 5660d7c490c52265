"use client";

import { Filter } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast";
import { api } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import { cn } from "@/lib/utils";
import { DateField } from "./dashboard-filter";

type Range = { from: string; to: string };

type Props<T> = {
  id: string;
  title: (data: T) => string;
  /** the endpoint, asked with initialDate and finalDate */
  url: string;
  initial: { range: Range; data: T };
  children: (data: T, range: Range) => React.ReactNode;
};

/** A chart in a card with its own start/end dates and "Filtrar" (spec core §2 Dashboard). */
export function ChartCard<T>({ id, title, url, initial, children }: Props<T>) {
  const t = useTranslations("dashboard.filter");
  const errorMessage = useErrorMessage();
  const [draft, setDraft] = useState(initial.range);
  const [shown, setShown] = useState(initial);
  const [loading, setLoading] = useState(false);

  const apply = async (e: React.FormEvent) => {
    e.preventDefault();
    if (!draft.from || !draft.to) return void toast({ variant: "warning", title: t("required") });
    if (draft.from > draft.to) return void toast({ variant: "warning", title: t("reversed") });
    setLoading(true);
    try {
      const data = await api<T>(`${url}?${new URLSearchParams({ initialDate: draft.from, finalDate: draft.to })}`);
      setShown({ range: draft, data });
    } catch (err) {
      toast({ variant: "error", title: errorMessage(err) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <section className="flex min-w-0 flex-col gap-4 rounded-xl border bg-card p-4 shadow-xs" data-testid={id}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold">{title(shown.data)}</h2>
        <form onSubmit={apply} className="flex flex-wrap items-end gap-2">
          <DateField id={`${id}-from`} label={t("start")} value={draft.from} onChange={(from) => setDraft((d) => ({ ...d, from }))} />
          <DateField id={`${id}-to`} label={t("end")} value={draft.to} onChange={(to) => setDraft((d) => ({ ...d, to }))} />
          <Button type="submit" variant="outline" disabled={loading} data-testid={`${id}-apply`}>
            <Filter aria-hidden />
            {t("apply")}
          </Button>
        </form>
      </div>
      <div className={cn("min-w-0", loading && "opacity-60 transition-opacity")}>{children(shown.data, shown.range)}</div>
    </section>
  );
}
