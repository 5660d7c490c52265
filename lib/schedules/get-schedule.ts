import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts, schedules } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { selectSchedules, toScheduleView, type ScheduleView } from "./schedule-view";

/** GET /schedules/{id}: one schedule of the caller's company; another company's (or none) is 404. */
export async function getSchedule(db: DbOrTx, ctx: Pick<TenantContext, "companyId">, id: number): Promise<ScheduleView> {
  const [row] = await selectSchedules(db).where(and(eq(schedules.id, id), eq(schedules.companyId, ctx.companyId)));
  if (!row) throw new AppError("ERR_NO_SCHEDULE_FOUND", 404);
  return toScheduleView(row);
}

/** A contact id a schedule may point at: one of the company's contacts, else 404. */
export async function assertCompanyContact(db: DbOrTx, companyId: number, contactId: number): Promise<void> {
  const [row] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.id, contactId), eq(contacts.companyId, companyId)));
  if (!row) throw new AppError("ERR_NO_CONTACT_FOUND", 404);
}
