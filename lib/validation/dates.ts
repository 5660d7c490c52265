import { z } from "zod";

// Catalogue key (messages/*.json "validation.") of a date the product cannot take.
export const INVALID_DATE = "invalidDate";

/**
 * The dates the product takes: years 1900 to 2999. Postgres refuses year 0 and cannot read
 * JavaScript's six-digit years (+275760-09-13), and the day filters add a day or a timezone to
 * their end (9999-12-31 + 1 day is year 10000): outside these bounds a date is a typing mistake,
 * answered 400 instead of reaching the database.
 */
const MIN = Date.UTC(1900, 0, 1);
const MAX = Date.UTC(3000, 0, 1);

export const isStorableDate = (d: Date) => !Number.isNaN(d.getTime()) && d.getTime() >= MIN && d.getTime() < MAX;

/** yyyy-MM-dd, a real calendar day (2026-02-30 is refused, not read as March 2) within the bounds. */
export function isCalendarDay(v: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return isStorableDate(d) && d.toISOString().slice(0, 10) === v;
}

/** A yyyy-MM-dd query value; the message stays the format's, as the filters answered before. */
export const calendarDay = z.string().refine(isCalendarDay, "yyyy-MM-dd");

/** A point in time a client sends (ISO text or epoch ms), refused outside the bounds. */
export const storableDate = (error?: string) => z.coerce.date(error ? { error } : undefined).refine(isStorableDate, INVALID_DATE);
