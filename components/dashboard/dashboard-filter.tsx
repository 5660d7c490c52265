"use client";

import { Filter } from "lucide-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { toast } from "@/components/ui/toast";

// spec core §2 Dashboard: period options
export const PERIODS = [3, 7, 15, 30, 60, 90] as const;

/** What the main filter asks /api/dashboard for: days, or a date range. */
export type DashboardParams = { days: number } | { from: string; to: string };

type Props = { initial: { from: string; to: string }; loading: boolean; onApply: (p: DashboardParams) => void };

/**
 * The filter type select ("Filtro por Data": start and end; "Filtro por Período": 3 to 90 days) and
 * "Filtrar". With nothing to filter by it says "Parametrize o filtro" (spec core §5) and asks nothing.
 */
export function DashboardFilter({ initial, loading, onApply }: Props) {
  const t = useTranslations("dashboard.filter");
  const [type, setType] = useState<"date" | "period">("date");
  const [from, setFrom] = useState(initial.from);
  const [to, setTo] = useState(initial.to);
  const [days, setDays] = useState("");

  const apply = (e: React.FormEvent) => {
    e.preventDefault();
    if (type === "period" ? !days : !from || !to) return void toast({ variant: "warning", title: t("required") });
    if (type === "date" && from > to) return void toast({ variant: "warning", title: t("reversed") });
    onApply(type === "period" ? { days: Number(days) } : { from, to });
  };

  return (
    <form onSubmit={apply} className="flex flex-wrap items-end gap-3 rounded-xl border bg-card p-4 shadow-xs" data-testid="dashboard-filter">
      <div className="grid w-full gap-1.5 sm:w-48">
        <Label htmlFor="dashboard-filter-type">{t("type")}</Label>
        <Select value={type} onValueChange={(v) => setType(v as "date" | "period")}>
          <SelectTrigger id="dashboard-filter-type" data-testid="dashboard-filter-type">
            <SelectValue />
          </SelectTrigger>
          <SelectContent>
            <SelectItem value="date">{t("byDate")}</SelectItem>
            <SelectItem value="period">{t("byPeriod")}</SelectItem>
          </SelectContent>
        </Select>
      </div>
      {type === "date" ? (
        <>
          <DateField id="dashboard-from" label={t("start")} value={from} onChange={setFrom} />
          <DateField id="dashboard-to" label={t("end")} value={to} onChange={setTo} />
        </>
      ) : (
        <div className="grid w-full gap-1.5 sm:w-48">
          <Label htmlFor="dashboard-period">{t("period")}</Label>
          <Select value={days} onValueChange={setDays}>
            <SelectTrigger id="dashboard-period" data-testid="dashboard-period">
              <SelectValue placeholder={t("none")} />
            </SelectTrigger>
            <SelectContent>
              {PERIODS.map((n) => (
                <SelectItem key={n} value={String(n)}>
                  {t("days", { days: n })}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      )}
      <Button type="submit" disabled={loading} data-testid="dashboard-apply">
        <Filter aria-hidden />
        {t("apply")}
      </Button>
    </form>
  );
}

/** A labelled native date input (yyyy-MM-dd value, the browser's own picker). */
export function DateField({ id, label, value, onChange }: { id: string; label: string; value: string; onChange: (v: string) => void }) {
  return (
    <div className="grid w-full gap-1.5 sm:w-44">
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} type="date" value={value} onChange={(e) => onChange(e.target.value)} data-testid={id} />
    </div>
  );
}
