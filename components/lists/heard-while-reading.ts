/** A live change a list heard: a row's fields merged, or the row removed. */
export type HeardChange<T extends { id: number }> = { upsert: Partial<T> & { id: number } } | { remove: number };

/**
 * The live changes a list hears while it is reading a page, so the page's answer, which the server
 * may have read before those changes were written, does not undo them: each read takes a mark when
 * it starts, and its rows get every change heard since that mark. Without it an event for a row
 * about to arrive with the page (a contact-list item checked by the worker while the list reloaded
 * after an import) was dropped, and the row showed its old state until a reload.
 */
export class HeardWhileReading<T extends { id: number }> {
  private reads = 0;
  private log: HeardChange<T>[] = [];

  /** A read starts; its mark. Every `begin` is followed by one `end`. */
  begin(): number {
    this.reads++;
    return this.log.length;
  }

  /** A change applied to the list: kept while any read is in flight. */
  hear(change: HeardChange<T>) {
    if (this.reads > 0) this.log.push(change);
  }

  /** A read's rows with the changes heard since its mark, in the order they were heard. */
  replay(mark: number, rows: T[]): T[] {
    let out = rows;
    for (const change of this.log.slice(mark)) {
      if ("remove" in change) out = out.filter((r) => r.id !== change.remove);
      else out = out.map((r) => (r.id === change.upsert.id ? { ...r, ...change.upsert } : r));
    }
    return out;
  }

  /** A read answered, failed or was replaced. */
  end() {
    this.reads = Math.max(0, this.reads - 1);
    if (this.reads === 0) this.log = [];
  }
}
