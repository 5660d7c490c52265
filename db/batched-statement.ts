import type postgres from "postgres";
import { PREPARE } from "./prepared-query";

// Writes that arrive together share one statement (issue 19 part 1). On this 2-core machine a
// statement costs Postgres far more than its small rows: its transaction and commit, its executor
// start, waking a backend. The ingest function run over 8 messages in one statement took half the
// server CPU per message that 8 separate calls did (docs/performance-ingest.md, fifth round).
// Nothing waits for company: while fewer than PARALLEL statements of a kind are in flight, a write
// goes at once (alone when it is alone); the ones arriving meanwhile go together in the next.
// Two in flight measured best on the ingest benchmark (1 made writes wait for the one in flight, 3
// or more made batches small again: docs/performance-ingest.md).
const PARALLEL = 2;
const MAX_BATCH = 32;

export type BatchedStatement<P, R> = {
  /** Writes one item: in one statement with the items of this kind arriving meanwhile. */
  (client: postgres.Sql, item: P): Promise<R>;
};

/** What a batched write reports (the callers count it in the metrics: the db layer imports nothing from lib/). */
export type BatchObserver = (event: { kind: "sent" | "failed"; size: number }) => void;

type Options<P, R> = {
  /** for errors */
  name: string;
  observe?: BatchObserver;
  /** one item in its own statement */
  alone(client: postgres.Sql, item: P): Promise<R>;
  /** several items in one statement (one transaction): their results in the given order */
  together(client: postgres.Sql, items: P[]): Promise<R[]>;
  /**
   * The order items run in within a statement: statements running concurrently then take their
   * rows' locks in one order and wait for each other instead of deadlocking. Must be stable for
   * items that touch the same rows (Array.prototype.sort is), so theirs keep their arrival order.
   */
  order?: (a: P, b: P) => number;
};

type Waiting<P, R> = { item: P; resolve: (r: R) => void; reject: (err: unknown) => void };
type Queue<P, R> = { waiting: Waiting<P, R>[]; inFlight: number };

/**
 * A write done by one statement per item, or by one statement for several (`together`). If that
 * statement fails (one item's error undoes them all: a constraint, a deadlock, a value the batch's
 * encoding can't carry), each item runs alone, so only a failing item fails.
 */
export function batchedStatement<P, R>(opts: Options<P, R>): BatchedStatement<P, R> {
  const queues = new WeakMap<postgres.Sql, Queue<P, R>>();

  function pump(client: postgres.Sql, q: Queue<P, R>) {
    while (q.inFlight < PARALLEL && q.waiting.length) {
      const batch = q.waiting.splice(0, MAX_BATCH);
      q.inFlight++;
      void run(client, batch).finally(() => {
        q.inFlight--;
        pump(client, q);
      });
    }
  }

  async function run(client: postgres.Sql, batch: Waiting<P, R>[]) {
    opts.observe?.({ kind: "sent", size: batch.length });
    if (batch.length === 1) return runAlone(client, batch[0]);
    const ordered = opts.order ? [...batch].sort((a, b) => opts.order!(a.item, b.item)) : batch;
    let results: R[];
    try {
      results = await opts.together(
        client,
        ordered.map((w) => w.item),
      );
      if (results.length !== ordered.length) throw new Error(`${opts.name}: ${results.length} results for ${ordered.length} items`);
    } catch {
      opts.observe?.({ kind: "failed", size: batch.length });
      await Promise.all(batch.map((w) => runAlone(client, w)));
      return;
    }
    ordered.forEach((w, i) => w.resolve(results[i]));
  }

  const runAlone = (client: postgres.Sql, w: Waiting<P, R>) => opts.alone(client, w.item).then(w.resolve, w.reject);

  return (client, item) => {
    let q = queues.get(client);
    if (!q) queues.set(client, (q = { waiting: [], inFlight: 0 }));
    const queue = q;
    return new Promise<R>((resolve, reject) => {
      queue.waiting.push({ item, resolve, reject });
      pump(client, queue);
    });
  };
}

/** A function's arguments in order, with their Postgres types. */
export type SqlArgs = readonly (readonly [name: string, type: string])[];

/**
 * The FROM of a statement for several writes: the function `fn` called once per record of the JSON
 * array $1, in the array's order; `x.i` is a record's index (`rowsInOrder` sets it), `x.<arg>` its
 * arguments, `f` the function's row. `extra` are record fields the statement reads besides.
 */
export function perRecord(fn: string, args: SqlArgs, extra: SqlArgs = []): string {
  return `jsonb_to_recordset($1::jsonb) as x(i int, ${[...args, ...extra].map(([n, t]) => `${n} ${t}`).join(", ")})
  cross join lateral ${fn}(${args.map(([n]) => `x.${n}`).join(", ")}) f`;
}

/**
 * The JSON array $1 of a `perRecord` statement, written as text: one object per record with its
 * index `i` and its values under `fields`' names, in order (a null or undefined value is left out:
 * jsonb_to_recordset reads a missing field as null). Building objects and letting JSON.stringify
 * walk them cost node about 0.1 ms a message on the ingest benchmark (V8 spreads an object of 40
 * keys slowly); the keys' JSON is made once here, each value's per record.
 */
export function jsonRecords(fields: SqlArgs): (records: readonly (readonly unknown[])[]) => string {
  const keys = fields.map(([n]) => `,${JSON.stringify(n)}:`);
  return (records) => {
    let out = "[";
    for (let r = 0; r < records.length; r++) {
      const values = records[r];
      out += `${r ? "," : ""}{"i":${r}`;
      for (let k = 0; k < keys.length; k++) {
        const v = values[k];
        if (v !== null && v !== undefined) out += keys[k] + JSON.stringify(v);
      }
      out += "}";
    }
    return `${out}]`;
  };
}

/**
 * Runs a `perRecord` statement that selects `x.i as "batchIndex"` and orders by it, over `count`
 * records (`json`, from `jsonRecords`): its rows, one per record in the records' order (each still
 * carrying "batchIndex"). Throws if a record has no row or one has several (the batched write then
 * runs each alone).
 */
export async function rowsInOrder<R>(client: postgres.Sql, text: string, json: string, count: number): Promise<R[]> {
  // the statement orders its rows by x.i: checked, not sorted (and the rows not copied without the column)
  const rows = await client.unsafe<(R & { batchIndex: number })[]>(text, [json], { prepare: PREPARE });
  if (rows.length !== count || rows.some((row, k) => row.batchIndex !== k)) throw new Error(`${count} records, rows for ${rows.length} or out of order`);
  return rows;
}
