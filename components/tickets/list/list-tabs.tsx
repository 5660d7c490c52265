"use client";

import { CheckCheck, Clock, MessagesSquare, Search } from "lucide-react";
import { useTranslations } from "next-intl";
import { Tabs, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { cn } from "@/lib/utils";

export type ListTab = "open" | "closed" | "search";
export type OpenSub = "open" | "pending";

type Props = {
  tab: ListTab;
  onTab: (tab: ListTab) => void;
  openSub: OpenSub;
  onOpenSub: (sub: OpenSub) => void;
  openCount: number;
  pendingCount: number;
};

/**
 * spec core §2: tabs open, closed and search; inside open, assigned and pending with their counts.
 * The list below follows the tabs; they have no Radix panel, so no aria-controls naming a missing one.
 */
export function ListTabs({ tab, onTab, openSub, onOpenSub, openCount, pendingCount }: Props) {
  const t = useTranslations("tickets.list.tabs");
  return (
    <div className="space-y-2">
      <Tabs value={tab} onValueChange={(v) => onTab(v as ListTab)}>
        <TabsList className="w-full">
          <TabsTrigger value="open" aria-controls={undefined} data-testid="tickets-tab-open">
            <MessagesSquare aria-hidden />
            {t("open")}
          </TabsTrigger>
          <TabsTrigger value="closed" aria-controls={undefined} data-testid="tickets-tab-closed">
            <CheckCheck aria-hidden />
            {t("closed")}
          </TabsTrigger>
          <TabsTrigger value="search" aria-controls={undefined} data-testid="tickets-tab-search">
            <Search aria-hidden />
            {t("search")}
          </TabsTrigger>
        </TabsList>
      </Tabs>
      {tab === "open" && (
        <Tabs value={openSub} onValueChange={(v) => onOpenSub(v as OpenSub)}>
          <TabsList className="h-auto w-full bg-transparent p-0">
            <SubTab value="open" label={t("assigned")} count={openCount} icon={<MessagesSquare aria-hidden />} tone="primary" />
            <SubTab value="pending" label={t("pending")} count={pendingCount} icon={<Clock aria-hidden />} tone="warning" />
          </TabsList>
        </Tabs>
      )}
    </div>
  );
}

type SubTabProps = { value: OpenSub; label: string; count: number; icon: React.ReactNode; tone: "primary" | "warning" };

function SubTab({ value, label, count, icon, tone }: SubTabProps) {
  return (
    <TabsTrigger
      value={value}
      className={cn(
        "h-9 rounded-none border-0 border-b-2 border-transparent shadow-none",
        "data-[state=active]:border-primary data-[state=active]:bg-transparent data-[state=active]:shadow-none dark:data-[state=active]:border-primary dark:data-[state=active]:bg-transparent",
      )}
      aria-controls={undefined}
      data-testid={`tab-${value}`}
    >
      {icon}
      {label}
      <span
        className={cn(
          "min-w-5 rounded-full px-1.5 text-xs leading-5 font-semibold tabular-nums",
          count === 0 ? "bg-muted text-muted-foreground" : tone === "warning" ? "bg-warning text-warning-foreground" : "bg-primary text-primary-foreground",
        )}
        data-testid={`tab-${value}-count`}
      >
        {count}
      </span>
    </TabsTrigger>
  );
}
