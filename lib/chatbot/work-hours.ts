import type { ScheduleEntry } from "@/db/schema";
import { DEFAULT_TIMEZONE } from "@/lib/dates/today";

type Entry = Pick<ScheduleEntry, "weekdayEn" | "startTime" | "endTime">;

const HH_MM = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The English weekday (lowercase) and HH:MM of a moment in a time zone (an unknown zone: the default one). */
export function localWeekdayTime(at: Date, timeZone: string): { weekdayEn: string; time: string } {
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = formatter(timeZone).formatToParts(at);
  } catch {
    parts = formatter(DEFAULT_TIMEZONE).formatToParts(at);
  }
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return { weekdayEn: get("weekday").toLowerCase(), time: `${get("hour")}:${get("minute")}` };
}

const formatter = (timeZone: string) =>
  new Intl.DateTimeFormat("en-US", { timeZone, weekday: "long", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });

/**
 * Whether `at` is inside work hours (company or queue schedules), in the company's time zone:
 * - an empty list: no hours were set, always open;
 * - a weekday missing from a non-empty list: closed that day;
 * - an entry with both times blank (the company Schedules tab's "no hours set"): open all day;
 * - 00:00-00:00 (or any start equal to its end, or an unreadable time): closed that day;
 * - otherwise open from start to end, both included, to the minute (as the queues' own check).
 */
export function isWithinWorkHours(schedules: readonly Entry[] | null | undefined, at: Date, timeZone: string): boolean {
  if (!schedules?.length) return true;
  const { weekdayEn, time } = localWeekdayTime(at, timeZone);
  const day = schedules.find((s) => s.weekdayEn?.toLowerCase() === weekdayEn);
  if (!day) return false;
  const start = day.startTime?.trim() ?? "";
  const end = day.endTime?.trim() ?? "";
  if (!start && !end) return true;
  if (!HH_MM.test(start) || !HH_MM.test(end) || start >= end) return false;
  return start <= time && time <= end;
}
