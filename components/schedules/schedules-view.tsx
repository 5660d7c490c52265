"use client";

import dynamic from "next/dynamic";
import { Skeleton } from "@/components/ui/skeleton";

// The calendar lays out days in the browser's time zone and locale: rendered in the browser only,
// so the server (another time zone) never renders a different month or "today" than the one shown.
const SchedulesCalendar = dynamic(() => import("./schedules-calendar").then((m) => m.SchedulesCalendar), {
  ssr: false,
  loading: () => (
    <div className="space-y-4" aria-busy>
      <div className="mb-6 flex items-center justify-between">
        <Skeleton className="h-8 w-48" />
        <Skeleton className="h-9 w-44" />
      </div>
      <Skeleton className="h-[560px] w-full rounded-xl" />
    </div>
  ),
});

export function SchedulesView({ companyId }: { companyId: number }) {
  return <SchedulesCalendar companyId={companyId} />;
}
