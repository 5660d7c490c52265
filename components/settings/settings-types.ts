import type { ScheduleEntry } from "@/lib/queues/schedules";
import type { CompanySettings } from "@/lib/settings/company-settings";
import type { SettingKey } from "@/lib/settings/setting-keys";

export type { CompanySettings, ScheduleEntry, SettingKey };

/** The `settings` realtime event (lib/settings/publish-settings.ts). */
export type SettingEvent = { action: "update"; setting: { key: string; value: string } };

/** The `company` realtime event carrying new work hours. */
export type CompanyEvent = { action: "update"; company: { id: number; schedules?: ScheduleEntry[] } };

/** The Options tab, grouped as admins look for them; campaignsEnabled belongs to the Companies tab. */
export const OPTION_SECTIONS: { id: "service" | "chatbot" | "whatsapp"; keys: SettingKey[] }[] = [
  { id: "service", keys: ["userRating", "sendGreetingAccepted", "sendMsgTransfTicket"] },
  { id: "chatbot", keys: ["scheduleType", "chatBotType", "sendGreetingMessageOneQueues"] },
  { id: "whatsapp", keys: ["CheckMsgIsGroup", "call"] },
];

/** The tabs of /settings (admin §2.4); `?tab=` names one. Companies, Plans and Help are for super users. */
export const TABS = ["options", "schedules", "companies", "plans", "helps"] as const;
export type Tab = (typeof TABS)[number];
