"use client";

import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { toast } from "@/components/ui/toast";
import { api, ApiError } from "@/lib/api/client";
import { useErrorMessage } from "@/lib/api/use-error-message";
import type { Dashboard } from "@/lib/dashboard/get-dashboard";
import type { TicketsPerDay } from "@/lib/dashboard/tickets-per-day";
import type { TicketsPerUser } from "@/lib/dashboard/tickets-per-user";
import { AttendantsTable } from "./attendants-table";
import { BarListChart } from "./bar-list-chart";
import { ChartCard } from "./chart-card";
import { ColumnChart } from "./column-chart";
import { CounterCards } from "./counter-cards";
import { DashboardFilter, type DashboardParams } from "./dashboard-filter";

type Range = { from: string; to: string };
type Props = {
  companyId: number;
  range: Range;
  initial: { dashboard: Dashboard; perUser: TicketsPerUser; perDay: TicketsPerDay };
};

/** The admin dashboard (spec core §2 Dashboard): filter, six counters, attendants, two charts. */
export function DashboardView({ companyId, range, initial }: Props) {
  const t = useTranslations("dashboard");
  const locale = useLocale();
  const errorMessage = useErrorMessage();
  const [dashboard, setDashboard] = useState(initial.dashboard);
  const [loading, setLoading] = useState(false);
  const count = (n: number) => new Intl.NumberFormat(locale).format(n);

  const load = async (p: DashboardParams) => {
    const query: Record<string, string> = "days" in p ? { days: String(p.days) } : { date_from: p.from, date_to: p.to };
    setLoading(true);
    try {
      setDashboard(await api<Dashboard>(`/api/dashboard?${new URLSearchParams(query)}`));
    } catch (err) {
      const invalid = err instanceof ApiError && err.code === "ERR_VALIDATION";
      toast({ variant: invalid ? "warning" : "error", title: invalid ? t("filter.required") : errorMessage(err) });
    } finally {
      setLoading(false);
    }
  };

  return (
    <div className="space-y-6" data-testid="dashboard">
      <PageHeader title={t("title")} />
      <DashboardFilter initial={range} loading={loading} onApply={load} />
      <CounterCards counters={dashboard.counters} loading={loading} />
      <AttendantsTable companyId={companyId} attendants={dashboard.attendants} loading={loading} />
      <div className="grid gap-6 xl:grid-cols-2">
        <ChartCard<TicketsPerUser>
          id="chart-users"
          url="/api/dashboard/ticketsUsers"
          title={() => t("charts.perUser")}
          initial={{ range, data: initial.perUser }}
        >
          {(data) =>
            data.data.length === 0 ? (
              <Empty text={t("charts.empty")} />
            ) : (
              <BarListChart
                testId="chart-users-bars"
                caption={t("charts.perUser")}
                points={data.data.map((d) => ({ label: d.name, value: d.quantity, tip: `${d.name}: ${t("charts.conversations", { count: d.quantity })}` }))}
              />
            )
          }
        </ChartCard>
        <ChartCard<TicketsPerDay>
          id="chart-days"
          url="/api/dashboard/ticketsDay"
          title={(data) => t("charts.perDay", { count: count(data.count) })}
          initial={{ range, data: initial.perDay }}
        >
          {(data, shown) =>
            data.count === 0 ? (
              <Empty text={t("charts.empty")} />
            ) : (
              <ColumnChart
                testId="chart-days-bars"
                caption={t(shown.from === shown.to ? "charts.perHourCaption" : "charts.perDayCaption")}
                points={data.data.map((d) => {
                  const label = "hour" in d ? `${d.hour}h` : d.date.slice(0, 5);
                  const when = "hour" in d ? `${d.hour}:00` : d.date;
                  return { label, value: d.total, tip: `${when}: ${t("charts.tickets", { count: d.total })}` };
                })}
              />
            )
          }
        </ChartCard>
      </div>
    </div>
  );
}

function Empty({ text }: { text: string }) {
  return <p className="flex h-64 items-center justify-center text-sm text-muted-foreground">{text}</p>;
}
