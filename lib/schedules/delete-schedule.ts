import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteMedia } from "@/lib/storage";
import { publishSchedule } from "./schedule-view";

/** DELETE /schedules/{id}: a schedule of the caller's company (sent ones too: it is history; a sent one's file stays with its message). */
export async function deleteSchedule(db: Db, ctx: TenantContext, id: number) {
  const [row] = await db
    .delete(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)))
    .returning({ id: schedules.id, mediaPath: schedules.mediaPath, status: schedules.status, sentAt: schedules.sentAt });
  if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND", 404);
  // an unsent schedule's file was its own; a sent one's is the sent message's too, and stays
  if (row.status !== "ENVIADA" && !row.sentAt) await deleteMedia(ctx.companyId, row.mediaPath);
  await publishSchedule(ctx.companyId, { action: "delete", scheduleId: id });
  return { ok: true };
}
