// The SQL a route handler runs, captured through postgres.js's debug hook on the app's own client,
// replayed bare (same statements, same parameters, same concurrency) and explained.
import { performance } from "node:perf_hooks";
import type { Sql } from "postgres";
import { getDb } from "@/db";

export type Statement = { text: string; params: unknown[] };
/** Statements sent in the same turn of the event loop run concurrently (Promise.all). */
export type Wave = Statement[];

let capturing: Statement[][] | null = null;
let openWave = false;

function client(): Sql {
  // drizzle() returns the db with its client as $client; the project's Db type leaves it out
  return (getDb() as unknown as { $client: Sql }).$client;
}

/** Hooks the app's client once: from now on `capture()` records what it sends. */
export function installCapture() {
  const options = client().options as unknown as { debug: unknown };
  options.debug = (_conn: number, text: string, params: unknown[]) => {
    if (!capturing) return;
    if (!openWave) {
      capturing.push([]);
      openWave = true;
      // a response arrives in a later turn of the loop: anything sent before then is concurrent
      setImmediate(() => (openWave = false));
    }
    capturing[capturing.length - 1].push({ text, params: [...params] });
  };
}

/** Runs fn once and answers the statements it sent, grouped in waves. */
export async function capture<T>(fn: () => Promise<T>): Promise<{ result: T; waves: Wave[] }> {
  const waves: Wave[] = [];
  capturing = waves;
  openWave = false;
  try {
    const result = await fn();
    return { result, waves };
  } finally {
    capturing = null;
  }
}

// every statement prepared (planned once per connection), whether the app sent it named or not: the
// bare side is the SQL at its fastest
const run = (s: Statement) => client().unsafe(s.text, s.params as never[], { prepare: true });

/** The bare SQL of one request: every wave in order, each wave's statements concurrently. */
export async function replay(waves: Wave[]) {
  for (const wave of waves) await Promise.all(wave.map(run));
}

/** Each statement's own time (median of 5 runs), slowest first. */
export async function timeEach(waves: Wave[]): Promise<{ statement: Statement; ms: number }[]> {
  const out: { statement: Statement; ms: number }[] = [];
  for (const statement of waves.flat()) {
    const times: number[] = [];
    for (let i = 0; i < 5; i++) {
      const t0 = performance.now();
      await run(statement);
      times.push(performance.now() - t0);
    }
    out.push({ statement, ms: times.sort((a, b) => a - b)[2] });
  }
  return out.sort((a, b) => b.ms - a.ms);
}

/** EXPLAIN (ANALYZE, BUFFERS) of a statement, plan nodes only, one a line. */
export async function explain(s: Statement, maxLines = 24): Promise<string[]> {
  const rows = await client().unsafe(`explain (analyze, buffers) ${s.text}`, s.params as never[], { prepare: false });
  const lines = rows.map((r) => String(r["QUERY PLAN"]));
  const nodes = lines.filter((l, i) => i === 0 || /->|Sort Method|Rows Removed by Filter|Execution Time|Planning Time/.test(l));
  return nodes.slice(0, maxLines).map((l) => l.replace(/\(cost=[^)]*\) /, ""));
}
