import type { Flow } from "./flow";
import { loadQueue } from "./load";
import type { BotState } from "./state";
import { isWithinWorkHours } from "./work-hours";

/**
 * spec: outside work hours the out-of-hours message is sent and the ticket stays pending (in its
 * queue, if it has one). scheduleType company judges by the company's hours, queue by the hours of
 * the ticket's queue (a ticket without a queue yet is judged when it gets one: enter-queue.ts).
 * The queue's message wins over the connection's. Answers whether the turn ends here.
 */
export async function outOfHoursStep(flow: Flow, hours: Pick<BotState, "companySchedules">): Promise<boolean> {
  const { turn, settings, connection } = flow;
  const { db, ticket } = turn;
  if (settings.scheduleType === "disabled") return false;
  if (settings.scheduleType === "queue" && ticket.queueId === null) return false;
  const queueId = ticket.queueId;
  const queue = queueId === null ? null : (flow.queues.find((q) => q.id === queueId) ?? (await loadQueue(db, ticket.companyId, queueId)));
  const schedules = settings.scheduleType === "company" ? hours.companySchedules : (queue?.schedules ?? []);
  if (isWithinWorkHours(schedules, turn.now, flow.timezone)) return false;
  turn.say(queue?.outOfHoursMessage.trim() || connection.outOfHoursMessage);
  return true;
}
