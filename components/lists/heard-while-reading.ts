import { applyToRows, type RowChange } from "./live-change";

/**
 * The live changes a list hears while it is reading a page, so the page's answer, which the server
 * may have read before those changes were written, does not undo them: each read takes a mark when
 * it starts, and its rows get every change heard since that mark. Without it an event for a row
 * about to arrive with the page (a contact-list item checked by the worker while the list reloaded
 * after an import) was dropped, and the row showed its old state until a reload.
 */
export class HeardWhileReading<T extends { id: number }> {
  private reads = 0;
  private log: RowChange<T>[] = [];

  /** A read starts; its mark. Every `begin` is followed by one `end`. */
  begin(): number {
    this.reads++;
    return this.log.length;
  }

  /** A change applied to the list: kept while any read is in flight. */
  hear(change: RowChange<T>) {
    if (this.reads > 0) this.log.push(change);
  }

  /** A read's rows with the changes heard since its mark, in the order they were heard. */
  replay(mark: number, rows: T[]): T[] {
    return this.log.slice(mark).reduce(applyToRows, rows);
  }

  /** A read answered, failed or was replaced. */
  end() {
    this.reads = Math.max(0, this.reads - 1);
    if (this.reads === 0) this.log = [];
  }
}
