import type { ScheduleView } from "@/lib/schedules/schedule-view";

/** A schedule as the browser receives it (dates as ISO text). */
export type ScheduleRow = Omit<ScheduleView, "sendAt" | "sentAt" | "createdAt" | "updatedAt"> & {
  sendAt: string;
  sentAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type ScheduleEvent = { action: "create" | "update"; schedule: ScheduleRow } | { action: "delete"; scheduleId: number };

export type ContactOption = { id: number; name: string; number: string; profilePicUrl: string };
