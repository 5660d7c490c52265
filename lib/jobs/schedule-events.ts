import { inngest, scheduleSaved } from "./client";
import { isInngestConfigured } from "./config";

const SEND_TIMEOUT_MS = 3000;

/**
 * Tells Inngest a schedule was saved, so its on-time run wakes at `sendAt`. Best effort: when the
 * event is lost the every-minute run sends the schedule anyway, so a save never fails for it.
 */
export async function announceScheduleSaved(companyId: number, s: { id: number; sendAt: Date | string; status: string }) {
  if (!isInngestConfigured() || s.status !== "PENDENTE") return;
  const sendAt = new Date(s.sendAt).toISOString();
  const event = scheduleSaved.create({ scheduleId: s.id, companyId, sendAt });
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, SEND_TIMEOUT_MS)));
  try {
    await Promise.race([inngest.send(event), timeout]);
  } catch (err) {
    console.warn(`[jobs] schedule/saved for schedule ${s.id} not sent:`, (err as Error).message);
  } finally {
    clearTimeout(timer);
  }
}
