import { inngest } from "./client";

const SEND_TIMEOUT_MS = 3000;

/**
 * Sends an Inngest event without ever failing (or holding up for long) the save that caused it:
 * every on-time run has an every-minute sweep behind it, so a lost event only costs punctuality.
 */
export async function sendBestEffort(event: Parameters<typeof inngest.send>[0], label: string) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SEND_TIMEOUT_MS)));
  try {
    await Promise.race([inngest.send(event), timeout]);
  } catch (err) {
    console.warn(`[jobs] ${label} not sent:`, (err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
