type Counts<K extends string> = Record<K, number>;

/**
 * Runs batches (each its own retried Inngest step) until one comes back not full, at most
 * `maxBatches` a run (Inngest bounds the steps of a run; the next run picks up the rest), and adds
 * up their counts.
 */
export async function drainBatches<K extends string>(
  maxBatches: number,
  runBatch: (i: number) => Promise<Counts<K> & { full: boolean }>,
): Promise<Counts<K>> {
  const totals = {} as Counts<K>;
  for (let i = 1; i <= maxBatches; i++) {
    const { full, ...counts } = await runBatch(i);
    for (const [k, v] of Object.entries(counts) as [K, number][]) totals[k] = (totals[k] ?? 0) + v;
    if (!full) break;
  }
  return totals;
}
