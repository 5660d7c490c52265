import { and, eq, isNull, ne } from "drizzle-orm";
import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { announceScheduleSaved } from "@/lib/jobs/schedule-events";
import { assertCompanyContact, getSchedule } from "./get-schedule";
import { publishSchedule, type ScheduleView } from "./schedule-view";
import type { UpdateScheduleInput } from "./schemas";

/** Only a schedule not sent yet changes; the sending transaction's row lock makes an edit wait for it. */
export const notSent = (id: number, companyId: number) =>
  and(eq(schedules.id, id), eq(schedules.companyId, companyId), isNull(schedules.sentAt), ne(schedules.status, "ENVIADA"));

/**
 * PUT /schedules/{id}: new body, contact and/or time (what is left out stays). A schedule already sent is refused (409,
 * spec: the modal hides save once sentAt is set); one that failed (ERRO) is scheduled again.
 */
export async function updateSchedule(db: Db, ctx: TenantContext, id: number, input: UpdateScheduleInput): Promise<ScheduleView> {
  const current = await getSchedule(db, ctx, id);
  if (current.sentAt) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  if (input.contactId !== undefined) await assertCompanyContact(db, ctx.companyId, input.contactId);
  const [row] = await db
    .update(schedules)
    .set({
      // fields left out stay as they are
      ...(input.body !== undefined ? { body: input.body } : {}),
      ...(input.contactId !== undefined ? { contactId: input.contactId } : {}),
      ...(input.sendAt !== undefined ? { sendAt: input.sendAt } : {}),
      status: "PENDENTE",
      error: null,
      updatedAt: new Date(),
    })
    .where(notSent(id, ctx.companyId))
    .returning({ id: schedules.id });
  // sent between the read above and this write
  if (!row) throw new AppError("ERR_SCHEDULE_ALREADY_SENT", 409);
  const view = await getSchedule(db, ctx, id);
  await publishSchedule(ctx.companyId, { action: "update", schedule: view });
  await announceScheduleSaved(ctx.companyId, view);
  return view;
}
