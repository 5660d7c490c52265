import { scheduleSaved } from "./client";
import { isInngestConfigured } from "./config";
import { sendBestEffort } from "./send-best-effort";

/**
 * Tells Inngest a schedule was saved, so its on-time run wakes at `sendAt`. Best effort: when the
 * event is lost the every-minute run sends the schedule anyway, so a save never fails for it.
 */
export async function announceScheduleSaved(companyId: number, s: { id: number; sendAt: Date | string; status: string }) {
  if (!isInngestConfigured() || s.status !== "PENDENTE") return;
  const sendAt = new Date(s.sendAt).toISOString();
  await sendBestEffort(scheduleSaved.create({ scheduleId: s.id, companyId, sendAt }), `schedule/saved for schedule ${s.id}`);
}
