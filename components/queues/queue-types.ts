import type { QueueChange, QueueSummary } from "@/lib/queues/queue-summary";

/** A row of the queues table: what the list and the `queue` events carry. */
export type QueueRow = QueueSummary;
export type QueueEvent = QueueChange;

/** The list's order, as the API's: orderQueue (unset last), then name, then id. */
export function sortQueues<T extends Pick<QueueRow, "id" | "name" | "orderQueue">>(rows: T[]): T[] {
  return [...rows].sort(
    (a, b) =>
      (a.orderQueue ?? Number.POSITIVE_INFINITY) - (b.orderQueue ?? Number.POSITIVE_INFINITY) ||
      a.name.localeCompare(b.name, "pt-BR") ||
      a.id - b.id,
  );
}
