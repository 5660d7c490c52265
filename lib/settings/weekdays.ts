import type { ScheduleEntry } from "@/db/schema";
import { WEEKDAY_KEYS, WEEKDAYS, type WeekdayEn } from "@/lib/dates/week";

export { WEEKDAY_KEYS, WEEKDAYS, type WeekdayEn };

/** spec §9: the company schedule starts empty, every day without hours. */
export function emptyWeek(): ScheduleEntry[] {
  return WEEKDAYS.map((d) => ({ ...d, startTime: "", endTime: "" }));
}

/** The usual business week offered by the "fill" button: Mon-Fri 08:00-18:00, Sat 08:00-12:00, Sun closed. */
export function usualWeek(): ScheduleEntry[] {
  return WEEKDAYS.map((d) => {
    if (d.weekdayEn === "saturday") return { ...d, startTime: "08:00", endTime: "12:00" };
    if (d.weekdayEn === "sunday") return { ...d, startTime: "00:00", endTime: "00:00" };
    return { ...d, startTime: "08:00", endTime: "18:00" };
  });
}

/** The seven days in order, each taking its stored entry when there is one. */
export function fullWeek(stored: ScheduleEntry[]): ScheduleEntry[] {
  return emptyWeek().map((day) => {
    const found = stored.find((s) => s.weekdayEn === day.weekdayEn);
    return found ? { ...day, startTime: found.startTime, endTime: found.endTime } : day;
  });
}
