// Work hours of a queue (admin §2.3, §3 Schedule entry, §9 default queue hours). Pure functions,
// shared by the dialog, the API and the chatbot.
import type { ScheduleEntry } from "@/db/schema/companies";
import { maskTime, TIME_HHMM, WEEKDAY_KEYS, WEEKDAYS, type WeekdayEn } from "@/lib/dates/week";

export type { ScheduleEntry, WeekdayEn };
export { maskTime, TIME_HHMM, WEEKDAY_KEYS, WEEKDAYS };

const hours = (weekdayEn: WeekdayEn): [string, string] =>
  weekdayEn === "saturday" ? ["08:00", "12:00"] : weekdayEn === "sunday" ? ["00:00", "00:00"] : ["08:00", "18:00"];

/** spec §9: Monday-Friday 08:00-18:00, Saturday 08:00-12:00, Sunday 00:00-00:00 (closed). */
export const DEFAULT_QUEUE_SCHEDULES: ScheduleEntry[] = WEEKDAYS.map(({ weekday, weekdayEn }) => {
  const [startTime, endTime] = hours(weekdayEn);
  return { weekday, weekdayEn, startTime, endTime };
});

/** A fresh copy of the defaults (forms mutate what they are given). */
export const defaultQueueSchedules = (): ScheduleEntry[] => DEFAULT_QUEUE_SCHEDULES.map((s) => ({ ...s }));

/** A day whose start equals its end (Sunday's 00:00-00:00) has no hours: it is closed. */
export const isClosedDay = (s: Pick<ScheduleEntry, "startTime" | "endTime">) => s.startTime === s.endTime;

/**
 * The seven days in weekday order, each from `schedules` when it has it, else from the defaults:
 * what the dialog edits (queues created before hours existed have an empty list).
 */
export function fillSchedules(schedules: readonly ScheduleEntry[] | null | undefined): ScheduleEntry[] {
  return DEFAULT_QUEUE_SCHEDULES.map((d) => {
    const s = schedules?.find((x) => x.weekdayEn === d.weekdayEn);
    return s ? { weekday: d.weekday, weekdayEn: d.weekdayEn, startTime: s.startTime, endTime: s.endTime } : { ...d };
  });
}

/** The English weekday and HH:MM of a moment in a time zone. */
export function localWeekdayTime(at: Date, timeZone: string): { weekdayEn: WeekdayEn; time: string } {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekdayEn: get("weekday").toLowerCase() as WeekdayEn, time: `${get("hour")}:${get("minute")}` };
}

/**
 * Whether `at` falls inside the hours (start and end inclusive, to the minute). An empty list means
 * no hours were set: always open. A day missing from a non-empty list, or whose start equals its
 * end, is closed.
 */
export function isWithinSchedules(schedules: readonly ScheduleEntry[], at: Date, timeZone: string): boolean {
  if (!schedules.length) return true;
  const { weekdayEn, time } = localWeekdayTime(at, timeZone);
  const day = schedules.find((s) => s.weekdayEn === weekdayEn);
  if (!day || isClosedDay(day)) return false;
  return day.startTime <= time && time <= day.endTime;
}
