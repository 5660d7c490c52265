/**
 * Whether the product relies on Inngest for timed work (ARCHITECTURE rule 7): an event key or a
 * base URL (Inngest Cloud, a self-hosted server or the dev server), or INNGEST_DEV. Otherwise the
 * embedded scheduler in the WhatsApp worker runs the same services on a timer.
 * Read from process.env, not getEnv(): the client module is loaded by `next build`, which has no secrets.
 */
export function isInngestConfigured(source: Record<string, string | undefined> = process.env): boolean {
  const dev = source.INNGEST_DEV?.trim();
  return Boolean(source.INNGEST_EVENT_KEY || source.INNGEST_BASE_URL || (dev && dev !== "0" && dev !== "false"));
}
