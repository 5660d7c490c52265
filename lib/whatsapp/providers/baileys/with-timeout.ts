/**
 * Runs `work` with a signal that aborts it after `ms`, and rejects then even if the work ignores
 * the signal (a download stalled mid-stream, a page that never answers).
 */
export function withTimeout<T>(ms: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      const err = new Error(`no answer in ${ms / 1000} s`);
      controller.abort(err);
      reject(err);
    }, ms);
  });
  return Promise.race([work(controller.signal), timeout]).finally(() => clearTimeout(timer));
}
