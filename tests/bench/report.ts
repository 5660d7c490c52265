// One row of the benchmark table (`npm run bench`, tests/bench/all.ts). Each benchmark script
// still prints its own figures; `record` also appends the headline ones as JSON lines to the file
// named by BENCH_REPORT, which the runner sets. Run alone, a script records nothing.
import fs from "node:fs";

export type BenchRow = {
  /** what was measured, e.g. "ingest, chatbot on, concurrency 16" */
  measure: string;
  figure: number;
  unit: string;
  /** the target, e.g. { op: ">=", value: 1500 } */
  target?: { op: "<" | "<=" | ">=" | ">" | "="; value: number };
  /** figure / bare SQL (or the physical limit) where one applies */
  ratio?: number;
  /** what the ratio compares with, e.g. "bare SQL p95 5.8 ms" */
  ratioOf?: string;
};

export function record(row: BenchRow) {
  const file = process.env.BENCH_REPORT;
  if (!file) return;
  fs.appendFileSync(file, `${JSON.stringify({ part: process.env.BENCH_PART ?? "", ...row })}\n`);
}

export function meets(row: BenchRow): boolean | null {
  if (!row.target) return null;
  const { op, value } = row.target;
  const f = row.figure;
  return op === "<" ? f < value : op === "<=" ? f <= value : op === ">=" ? f >= value : op === ">" ? f > value : f === value;
}

/** The p-quantile (0..1) of ascending-sorted samples. */
export function pct(sorted: ArrayLike<number>, p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}
