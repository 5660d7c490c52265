"use client";

import "react-big-calendar/lib/css/react-big-calendar.css";
import "./schedules-calendar.css";
import { format, getDay, parse, startOfDay, startOfWeek } from "date-fns";
import { CalendarPlus } from "lucide-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { Calendar, dateFnsLocalizer, type Formats, type Messages, type SlotInfo } from "react-big-calendar";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { defaultSendAt, rangeFor, type CalendarView } from "@/lib/schedules/calendar";
import { cn } from "@/lib/utils";
import { CalendarToolbar } from "./calendar-toolbar";
import { DATE_LOCALES, dateLocaleOf } from "./date-locales";
import { ScheduleDialog } from "./schedule-dialog";
import { ScheduleEventContent, toCalendarEvent, type CalendarEvent } from "./schedule-event";
import { STATUS_STYLE } from "./schedule-status";
import { useSchedules } from "./use-schedules";

// spec admin §9: calendar height 500
const CALENDAR_HEIGHT = 500;
const VIEWS: CalendarView[] = ["month", "week", "day"];
// week and day views open at the start of a working day
const SCROLL_TO = new Date(1970, 0, 1, 8);

const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: DATE_LOCALES });

// date-fns' Portuguese "short" weekday is the whole word ("segunda"): its narrowest form reads "seg"
const weekday = (culture?: string) => (culture === "pt" ? "cccccc" : "ccc");
const dayMonth = (culture?: string) => (culture === "en" ? "M/d" : "dd/MM");

const formats: Formats = {
  dateFormat: (d, culture, l) => l!.format(d, "d", culture),
  weekdayFormat: (d, culture, l) => l!.format(d, weekday(culture), culture),
  dayFormat: (d, culture, l) => l!.format(d, `${weekday(culture)} ${dayMonth(culture)}`, culture),
  dayHeaderFormat: (d, culture, l) => l!.format(d, "PPPP", culture),
  dayRangeHeaderFormat: ({ start, end }, culture, l) => `${l!.format(start, "d MMM", culture)} – ${l!.format(end, "d MMM yyyy", culture)}`,
  eventTimeRangeFormat: ({ start }, culture, l) => l!.format(start, "p", culture),
};

type Dialog = { key: number; id: number | null; sendAt?: Date } | null;

/** The schedules page (spec core §2, admin §9): a month/week/day calendar and the schedule modal. */
export function SchedulesCalendar({ companyId }: { companyId: number }) {
  const t = useTranslations("schedules");
  const locale = useLocale();
  const [view, setView] = useState<CalendarView>("month");
  const [date, setDate] = useState(() => new Date());
  const [dialog, setDialog] = useState<Dialog>(null);
  const weekStartsOn = dateLocaleOf(locale).options?.weekStartsOn ?? 0;
  const range = useMemo(() => rangeFor(date, view, weekStartsOn), [date, view, weekStartsOn]);
  const { rows, loading, apply, remove } = useSchedules({ companyId, range });
  const events = useMemo(() => rows.map(toCalendarEvent), [rows]);
  const messages = useCalendarMessages();

  const open = (id: number | null, sendAt?: Date) => setDialog((d) => ({ key: (d?.key ?? 0) + 1, id, sendAt }));
  const onSelectSlot = (slot: SlotInfo) => {
    const isDayCell = view === "month" || (slot.start.getTime() === startOfDay(slot.start).getTime() && slot.end.getTime() - slot.start.getTime() >= 86_400_000);
    open(null, defaultSendAt({ start: slot.start, isDayCell }));
  };

  return (
    <div className="space-y-4">
      <PageHeader title={t("title")}>
        <Button onClick={() => open(null, defaultSendAt(null))} data-testid="add-schedule">
          <CalendarPlus aria-hidden />
          {t("buttons.add")}
        </Button>
      </PageHeader>
      <div className={cn("schedules-calendar rounded-xl border bg-card p-3 sm:p-4", loading && "is-loading")} data-testid="schedules-calendar" aria-busy={loading}>
        <Calendar<CalendarEvent>
          localizer={localizer}
          culture={locale}
          events={events}
          view={view}
          views={VIEWS}
          onView={(v) => setView(v as CalendarView)}
          date={date}
          onNavigate={setDate}
          style={{ height: CALENDAR_HEIGHT }}
          selectable
          popup
          onSelectSlot={onSelectSlot}
          onSelectEvent={(e) => open(e.id)}
          eventPropGetter={(e) => ({ className: STATUS_STYLE[e.schedule.status]?.tone ?? STATUS_STYLE.PENDENTE.tone })}
          tooltipAccessor={(e) => e.title}
          components={{ toolbar: CalendarToolbar, event: ScheduleEventContent }}
          messages={messages}
          formats={formats}
          scrollToTime={SCROLL_TO}
        />
        <Legend />
      </div>
      {dialog && (
        <ScheduleDialog
          key={dialog.key}
          scheduleId={dialog.id}
          defaults={dialog.sendAt ? { sendAt: dialog.sendAt } : undefined}
          onClose={() => setDialog(null)}
          onSaved={apply}
          onDeleted={remove}
        />
      )}
    </div>
  );
}

function useCalendarMessages(): Messages<CalendarEvent> {
  const t = useTranslations("schedules.calendar");
  return useMemo(
    () => ({
      date: t("date"),
      time: t("time"),
      event: t("event"),
      allDay: t("allDay"),
      week: t("week"),
      work_week: t("workWeek"),
      day: t("day"),
      month: t("month"),
      previous: t("previous"),
      next: t("next"),
      yesterday: t("yesterday"),
      tomorrow: t("tomorrow"),
      today: t("today"),
      agenda: t("agenda"),
      noEventsInRange: t("noEventsInRange"),
      showMore: (count: number) => t("showMore", { count }),
    }),
    [t],
  );
}

function Legend() {
  const t = useTranslations("schedules.status");
  const shown = [STATUS_STYLE.PENDENTE, STATUS_STYLE.ENVIADA, STATUS_STYLE.ERRO];
  return (
    <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground" aria-label={t("legend")}>
      {shown.map((s) => (
        <li key={s.key} className="flex items-center gap-1.5">
          <span className={cn("size-2.5 rounded-full", s.tone)} aria-hidden />
          {t(s.key)}
        </li>
      ))}
    </ul>
  );
}
