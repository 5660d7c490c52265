// What lists show of a queue (the queues table, ticket filters, chips) and what `queue` events
// carry: never the long messages. Pure, so the browser shapes API rows the same way.
import type { Queue } from "./queue-view";

// the greeting can be 4 KB (a whole menu); lists show a line of it, and events must stay under 10 KB
const GREETING_PREVIEW = 280;

export function queueSummary(q: Pick<Queue, "id" | "name" | "color" | "orderQueue" | "greetingMessage">) {
  return { id: q.id, name: q.name, color: q.color, orderQueue: q.orderQueue, greetingMessage: q.greetingMessage.slice(0, GREETING_PREVIEW) };
}
export type QueueSummary = ReturnType<typeof queueSummary>;

export type QueueChange = { action: "create" | "update"; queue: QueueSummary } | { action: "delete"; queueId: number };
