import { addDays, addHours, addMinutes, endOfMonth, endOfWeek, format, startOfDay, startOfMonth, startOfMinute, startOfWeek } from "date-fns";

// Pure date helpers of the schedules calendar and modal (browser-local time, as the calendar shows it).

export type CalendarView = "month" | "week" | "day";

/** spec core §2: a new schedule defaults to one hour ahead (to the minute: the input has no seconds). */
export const oneHourAhead = (now = new Date()) => startOfMinute(addHours(now, 1));

/**
 * The send time a new schedule starts with when a day or time slot of the calendar is clicked:
 * a clicked time still in the future; on a day cell, that day at the default time of day; never
 * earlier than one hour ahead for today or a past day.
 */
export function defaultSendAt(slot: { start: Date; isDayCell: boolean } | null, now = new Date()): Date {
  const base = oneHourAhead(now);
  if (!slot) return base;
  if (!slot.isDayCell) return slot.start.getTime() > now.getTime() ? startOfMinute(slot.start) : base;
  const sameTimeThatDay = addMinutes(startOfDay(slot.start), base.getHours() * 60 + base.getMinutes());
  return sameTimeThatDay.getTime() > base.getTime() ? sameTimeThatDay : base;
}

/**
 * The span the calendar asks the API for: the whole grid of a month view (its first and last
 * weeks reach into the months around it), the week of a week or day view, a day on each side.
 */
export function rangeFor(date: Date, view: CalendarView, weekStartsOn: 0 | 1 | 2 | 3 | 4 | 5 | 6 = 0): { start: Date; end: Date } {
  if (view === "month") {
    return {
      start: addDays(startOfWeek(startOfMonth(date), { weekStartsOn }), -1),
      end: addDays(endOfWeek(endOfMonth(date), { weekStartsOn }), 2),
    };
  }
  return { start: addDays(startOfWeek(date, { weekStartsOn }), -1), end: addDays(endOfWeek(date, { weekStartsOn }), 2) };
}

/** A Date as the value of an `<input type="datetime-local">` (local time, minutes). */
export const toLocalInput = (d: Date | string) => format(new Date(d), "yyyy-MM-dd'T'HH:mm");

/** How long a schedule's block lasts in the week and day views (a message is an instant). */
export const EVENT_MINUTES = 30;

/** The body shown on the calendar: one line, bounded. */
export function bodyPreview(body: string, max = 60): string {
  const line = body.replace(/\s+/g, " ").trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
