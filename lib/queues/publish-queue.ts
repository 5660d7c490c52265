import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish, type RealtimeEvent } from "@/lib/realtime/publish";
import type { QueueChange } from "./queue-summary";

export { queueSummary, type QueueChange, type QueueSummary } from "./queue-summary";

/** `queue` events go to the whole company (admin §7: create, update, delete). */
export function queueEvent(companyId: number, change: QueueChange): RealtimeEvent {
  return { channels: [channels.company(companyId)], event: EVENTS.queue, data: change };
}

export const publishQueue = (companyId: number, change: QueueChange) => publish(queueEvent(companyId, change));
