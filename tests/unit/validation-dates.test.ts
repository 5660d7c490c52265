import { describe, expect, it } from "vitest";
import { calendarDay, isCalendarDay, isStorableDate, storableDate } from "@/lib/validation/dates";

// Dates the database cannot hold (year 0, six-digit years) or that JavaScript reads loosely must be
// refused by validation (400), never reach Postgres (500): found by the route sweep.
describe("dates the product takes", () => {
  it("a calendar day is a real yyyy-MM-dd day of years 1900-2999", () => {
    for (const ok of ["1900-01-01", "2026-02-28", "2024-02-29", "2999-12-31"]) expect(isCalendarDay(ok), ok).toBe(true);
    for (const bad of ["0000-01-01", "1899-12-31", "3000-01-01", "9999-12-31", "2026-02-30", "2026-13-01", "275760-09-13", "-000001-01-01", "2026-1-1", ""]) {
      expect(isCalendarDay(bad), bad).toBe(false);
    }
    expect(calendarDay.safeParse("2026-02-30").success).toBe(false);
  });

  it("a point in time is within the same years, whatever form it comes in", () => {
    expect(isStorableDate(new Date("2026-06-01T12:00:00Z"))).toBe(true);
    expect(isStorableDate(new Date(8.64e15))).toBe(false);
    expect(isStorableDate(new Date("0000-01-01T00:00:00Z"))).toBe(false);
    expect(isStorableDate(new Date("nonsense"))).toBe(false);
    expect(storableDate().safeParse("275760-09-13T00:00:00Z").success).toBe(false);
    const parsed = storableDate().safeParse(8.64e15);
    expect(parsed.error?.issues[0].message).toBe("invalidDate");
    expect(storableDate().safeParse("2026-06-01T12:00:00Z").success).toBe(true);
  });
});
