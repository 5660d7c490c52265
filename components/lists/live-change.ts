/** What a realtime event does to a live list: drop a row, merge a row's fields, read page 1 again, or nothing (null). */
export type LiveChange<Row extends { id: number }> = { remove: number } | { upsert: Partial<Row> & { id: number } } | "reload" | null;

type ListOps<Row extends { id: number }> = {
  remove: (id: number) => void;
  upsert: (row: Partial<Row> & { id: number }) => void;
  reload: () => void;
};

/** Applies one change to a paged list. */
export function applyChange<Row extends { id: number }>(list: ListOps<Row>, change: LiveChange<Row>) {
  if (change === null) return;
  if (change === "reload") list.reload();
  else if ("remove" in change) list.remove(change.remove);
  else list.upsert(change.upsert);
}
