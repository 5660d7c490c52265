/**
 * Runs batches (each its own retried Inngest step) until one comes back not full, at most
 * `maxBatches` a run (Inngest bounds the steps of a run; the next run picks up the rest), and adds
 * up their counts.
 */
export async function drainBatches<B extends { full: boolean }>(
  maxBatches: number,
  runBatch: (i: number) => Promise<B>,
): Promise<Record<Exclude<keyof B, "full">, number>> {
  const totals: Record<string, number> = {};
  for (let i = 1; i <= maxBatches; i++) {
    const { full, ...counts } = await runBatch(i);
    for (const [k, v] of Object.entries(counts)) totals[k] = (totals[k] ?? 0) + Number(v);
    if (!full) break;
  }
  return totals as Record<Exclude<keyof B, "full">, number>;
}
