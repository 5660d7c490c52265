import { fromZonedTime } from "date-fns-tz";
import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { DEFAULT_TIMEZONE } from "@/lib/dates/today";
import { DATE_TIME_TEXT } from "./schemas";

/**
 * The instant of a campaign's date-time text (already validated by the schema): with a zone it is
 * that instant; without one it is a wall-clock time in the company's timezone (a datetime-local
 * field's value), so the same text means the same time whatever the server's timezone.
 */
export function parseScheduledAt(text: string, timezone: string): Date {
  const m = DATE_TIME_TEXT.exec(text);
  if (m?.[7]) return new Date(text.replace(" ", "T"));
  return fromZonedTime(text.replace(" ", "T"), timezone);
}

/** A company's timezone (the default when it has none). */
export async function companyTimezone(db: DbOrTx, companyId: number): Promise<string> {
  const [row] = await db.select({ timezone: companies.timezone }).from(companies).where(eq(companies.id, companyId));
  return row?.timezone ?? DEFAULT_TIMEZONE;
}
