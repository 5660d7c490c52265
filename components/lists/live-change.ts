/** What a realtime event does to a live list: drop a row, merge a row's fields, read page 1 again, or nothing (null). */
export type LiveChange<Row extends { id: number }> = RowChange<Row> | "reload" | null;

/** A change to one row: the kinds a list applies to the rows it holds. */
export type RowChange<Row extends { id: number }> = { remove: number } | { upsert: Partial<Row> & { id: number } };

/** The rows after one change: a removed row dropped, an upserted one's fields merged (rows not held stay unknown; unchanged rows, the same array). */
export function applyToRows<Row extends { id: number }>(rows: Row[], change: RowChange<Row>): Row[] {
  if ("remove" in change) return rows.some((r) => r.id === change.remove) ? rows.filter((r) => r.id !== change.remove) : rows;
  const { upsert } = change;
  return rows.some((r) => r.id === upsert.id) ? rows.map((r) => (r.id === upsert.id ? { ...r, ...upsert } : r)) : rows;
}

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
