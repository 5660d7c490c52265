import { sendDueSchedulesEveryMinute, sendScheduleOnTime } from "./send-schedules";

/** Every Inngest function, served at /api/inngest. */
export const functions = [sendDueSchedulesEveryMinute, sendScheduleOnTime];
