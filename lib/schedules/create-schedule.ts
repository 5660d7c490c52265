import type { Db } from "@/db";
import { schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { announceScheduleSaved } from "@/lib/jobs/schedule-events";
import { assertCompanyContact, getSchedule } from "./get-schedule";
import { publishSchedule, type ScheduleView } from "./schedule-view";
import type { ScheduleInput } from "./schemas";

/** POST /schedules: a PENDENTE schedule of the caller (the author is never read from the body). */
export async function createSchedule(db: Db, ctx: TenantContext, input: ScheduleInput): Promise<ScheduleView> {
  await assertCompanyContact(db, ctx.companyId, input.contactId);
  const [row] = await db
    .insert(schedules)
    .values({ companyId: ctx.companyId, body: input.body, contactId: input.contactId, sendAt: input.sendAt, userId: ctx.userId, status: "PENDENTE" })
    .returning({ id: schedules.id });
  const view = await getSchedule(db, ctx, row.id);
  await publishSchedule(ctx.companyId, { action: "create", schedule: view });
  await announceScheduleSaved(ctx.companyId, view);
  return view;
}

