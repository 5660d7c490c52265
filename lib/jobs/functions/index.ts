import { createUpcomingInvoicesHourly } from "./billing-invoices";
import { runBotTurnsEveryMinute, runBotTurnsOnEvent } from "./bot-turns";
import { lockOutExpiredHourly } from "./billing-lockout";
import { sendDueRemindersHourly } from "./billing-reminders";
import { continueCampaign, dispatchCampaignsEveryMinute, runCampaignOnTime } from "./campaigns";
import { deliverMailEveryMinute } from "./deliver-mail";
import { sendDueSchedulesEveryMinute, sendScheduleOnTime } from "./send-schedules";
import { closeInactiveTicketsEveryMinute, transferWaitingTicketsEveryMinute } from "./ticket-timers";
import { deliverWebhooksEveryMinute } from "./webhook-deliveries";

/** Every Inngest function, served at /api/inngest. */
export const functions = [
  sendDueSchedulesEveryMinute,
  sendScheduleOnTime,
  transferWaitingTicketsEveryMinute,
  closeInactiveTicketsEveryMinute,
  deliverMailEveryMinute,
  createUpcomingInvoicesHourly,
  sendDueRemindersHourly,
  lockOutExpiredHourly,
  deliverWebhooksEveryMinute,
  runCampaignOnTime,
  continueCampaign,
  dispatchCampaignsEveryMinute,
  runBotTurnsOnEvent,
  runBotTurnsEveryMinute,
];
