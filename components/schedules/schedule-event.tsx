"use client";

import { ImageIcon } from "lucide-react";
import type { EventProps } from "react-big-calendar";
import { addMinutes } from "date-fns";
import { bodyPreview, EVENT_MINUTES } from "@/lib/schedules/calendar";
import { styleOf } from "./schedule-status";
import type { ScheduleRow } from "./schedule-types";

/** A schedule as react-big-calendar sees it. */
export type CalendarEvent = { id: number; title: string; start: Date; end: Date; schedule: ScheduleRow };

export function toCalendarEvent(s: ScheduleRow): CalendarEvent {
  const start = new Date(s.sendAt);
  // spec: the title is the contact and a preview of the message
  return { id: s.id, title: `${s.contact.name}: ${bodyPreview(s.body, 120)}`, start, end: addMinutes(start, EVENT_MINUTES), schedule: s };
}

/** An event's face: status icon, contact name, message preview. */
export function ScheduleEventContent({ event }: EventProps<CalendarEvent>) {
  const s = event.schedule;
  const { icon: Icon } = styleOf(s.status);
  return (
    <span className="flex min-w-0 items-center gap-1 leading-tight" data-testid="schedule-event" data-schedule-id={s.id} data-status={s.status}>
      <Icon className="size-3 shrink-0" aria-hidden />
      <span className="truncate">
        <span className="font-semibold">{s.contact.name}</span>
        <span className="opacity-85"> · {bodyPreview(s.body)}</span>
      </span>
      {s.mediaPath && <ImageIcon className="size-3 shrink-0 opacity-85" aria-hidden />}
    </span>
  );
}
