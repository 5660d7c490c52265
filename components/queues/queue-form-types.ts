import type { ScheduleEntry } from "@/lib/queues/schedules";

/** The queue dialog's values as the inputs hold them (the order may be text while typed). */
export type QueueFormFields = {
  name: string;
  color: string;
  greetingMessage: string;
  complationMessage: string;
  outOfHoursMessage: string;
  ratingMessage: string;
  orderQueue: number | string | null;
  schedules: ScheduleEntry[];
};

export const MESSAGE_FIELDS = ["greetingMessage", "complationMessage", "outOfHoursMessage", "ratingMessage"] as const;
