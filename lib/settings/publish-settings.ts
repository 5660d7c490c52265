import type { ScheduleEntry } from "@/db/schema";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish, type RealtimeEvent } from "@/lib/realtime/publish";

/** A saved setting, for every user of the company (menus and pages that depend on it). */
export function settingEvent(companyId: number, setting: { key: string; value: string }): RealtimeEvent {
  return { channels: [channels.company(companyId)], event: EVENTS.settings, data: { action: "update", setting } };
}

/** New company work hours, for every user of the company. */
export function companySchedulesEvent(companyId: number, schedules: ScheduleEntry[]): RealtimeEvent {
  return { channels: [channels.company(companyId)], event: EVENTS.company, data: { action: "update", company: { id: companyId, schedules } } };
}

/** A saved secret setting, masked, for the company's admins only (the only ones who may read it). */
export const publishSecretSetting = (companyId: number, setting: { key: string; value: string }) =>
  publish({ channels: [channels.admins(companyId)], event: EVENTS.settings, data: { action: "update", setting } });

export const publishSetting = (companyId: number, setting: { key: string; value: string }) => publish(settingEvent(companyId, setting));
export const publishCompanySchedules = (companyId: number, schedules: ScheduleEntry[]) =>
  publish(companySchedulesEvent(companyId, schedules));
