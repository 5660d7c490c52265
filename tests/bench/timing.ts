import { performance } from "node:perf_hooks";
import { pct, record } from "./report";

/**
 * Times `rounds` calls after 20 warm-up ones and prints p50, p95 and max. A call answering a
 * `status` other than 200 stops the benchmark (a figure of failing calls means nothing).
 */
export async function timeCalls(label: string, rounds: number, fn: () => Promise<unknown>) {
  const checked = async () => {
    const res = await fn();
    const status = (res as { status?: unknown } | null)?.status;
    if (typeof status === "number" && status !== 200) throw new Error(`${label}: ${status}`);
  };
  for (let i = 0; i < 20; i++) await checked(); // warm-up
  const samples: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const t0 = performance.now();
    await checked();
    samples.push(performance.now() - t0);
  }
  samples.sort((a, b) => a - b);
  const q = (p: number) => pct(samples, p).toFixed(2);
  record({ measure: `${label} p95`, figure: pct(samples, 0.95), unit: "ms" });
  console.log(`${label.padEnd(46)} p50 ${q(0.5)} ms   p95 ${q(0.95)} ms   max ${q(1)} ms   (${rounds} calls)`);
}
