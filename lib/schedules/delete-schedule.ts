import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { publishSchedule } from "./schedule-view";

/** DELETE /schedules/{id}: a schedule of the caller's company (sent ones too: it is history). */
export async function deleteSchedule(db: Db, ctx: TenantContext, id: number) {
  const [row] = await db
    .delete(schedules)
    .where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)))
    .returning({ id: schedules.id });
  if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND", 404);
  await publishSchedule(ctx.companyId, { action: "delete", scheduleId: id });
  return { ok: true };
}
