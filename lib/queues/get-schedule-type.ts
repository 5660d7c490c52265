import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { settings } from "@/db/schema";

export type ScheduleType = "disabled" | "queue" | "company";

/** The company's scheduleType setting (admin §2.4): whose work hours apply; unset or unknown is disabled. */
export async function getScheduleType(db: DbOrTx, companyId: number): Promise<ScheduleType> {
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(and(eq(settings.companyId, companyId), eq(settings.key, "scheduleType")));
  return row?.value === "queue" || row?.value === "company" ? row.value : "disabled";
}
