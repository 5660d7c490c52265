/**
 * Writes what already happened on WhatsApp (a message went out) until the database takes it: the
 * send is not undone by a database error, and treating it as failed would send it again (the soak
 * of issue 33 §10 saw replies sent twice across a database cut). Tries again with a growing wait
 * (up to `maxWaitMs` apart) for `budgetMs` in all, and keeps going for `graceMs` after the worker
 * stops. Gives up by answering false: the row stays `sending`, so whoever claims it after
 * STALE_CLAIM_SECONDS sends it once more (at least once; docs/whatsapp.md).
 */
export async function settleWrite(
  write: () => Promise<unknown>,
  o: { stopped: () => boolean; log: (line: string) => void; label: string; budgetMs?: number; graceMs?: number; maxWaitMs?: number },
): Promise<boolean> {
  const started = Date.now();
  const budget = o.budgetMs ?? 5 * 60_000;
  const grace = o.graceMs ?? 10_000;
  let stoppedAt: number | null = null;
  for (let wait = 250; ; wait = Math.min(wait * 2, o.maxWaitMs ?? 5_000)) {
    try {
      await write();
      return true;
    } catch (err) {
      if (o.stopped()) stoppedAt ??= Date.now();
      const over = Date.now() - started > budget || (stoppedAt !== null && Date.now() - stoppedAt > grace);
      if (over) {
        o.log(`${o.label}: not recorded as sent (${(err as Error).message}); it may be sent again`);
        return false;
      }
      await new Promise((r) => setTimeout(r, wait));
    }
  }
}
