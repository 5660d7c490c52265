import { describe, expect, it } from "vitest";
import { recurrences } from "@/db/schema";
import { addMonthsToDate, RECURRENCE_MONTHS, RECURRENCES, renewDueDate } from "@/lib/companies/recurrence";

// spec admin §2.4, §9: "+ Vencimento" advances the due date by MENSAL 1, BIMESTRAL 2, TRIMESTRAL 3,
// SEMESTRAL 6, ANUAL 12 months, from the later of today and the current due date.
describe("addMonthsToDate", () => {
  it("keeps the day of the month, or takes the month's last day when it is shorter", () => {
    expect(addMonthsToDate("2026-01-15", 1)).toBe("2026-02-15");
    expect(addMonthsToDate("2026-01-31", 1)).toBe("2026-02-28");
    expect(addMonthsToDate("2028-01-31", 1)).toBe("2028-02-29");
    expect(addMonthsToDate("2026-03-31", 1)).toBe("2026-04-30");
    expect(addMonthsToDate("2026-08-31", 6)).toBe("2027-02-28");
    expect(addMonthsToDate("2024-02-29", 12)).toBe("2025-02-28");
  });

  it("crosses years forwards and backwards", () => {
    expect(addMonthsToDate("2026-11-30", 3)).toBe("2027-02-28");
    expect(addMonthsToDate("2026-12-01", 1)).toBe("2027-01-01");
    expect(addMonthsToDate("2026-01-31", -2)).toBe("2025-11-30");
  });
});

describe("renewDueDate", () => {
  const today = "2026-05-10";

  it("counts from the current due date while it is still ahead", () => {
    expect(renewDueDate("2026-05-20", today, "MENSAL")).toBe("2026-06-20");
    expect(renewDueDate("2026-01-31", "2026-01-05", "MENSAL")).toBe("2026-02-28");
  });

  it("counts from today when the due date has passed, is today, or there is none", () => {
    expect(renewDueDate("2026-03-01", today, "MENSAL")).toBe("2026-06-10");
    expect(renewDueDate(today, today, "MENSAL")).toBe("2026-06-10");
    expect(renewDueDate(null, today, "MENSAL")).toBe("2026-06-10");
  });

  it("steps each recurrence by its months; an unknown one by a month", () => {
    expect(renewDueDate(null, today, "BIMESTRAL")).toBe("2026-07-10");
    expect(renewDueDate(null, today, "TRIMESTRAL")).toBe("2026-08-10");
    expect(renewDueDate(null, today, "SEMESTRAL")).toBe("2026-11-10");
    expect(renewDueDate(null, today, "ANUAL")).toBe("2027-05-10");
    expect(renewDueDate(null, today, "SEMANAL")).toBe("2026-06-10");
  });

  it("knows every recurrence the database allows", () => {
    expect([...RECURRENCES].sort()).toEqual([...recurrences].sort());
    expect(Object.keys(RECURRENCE_MONTHS).sort()).toEqual([...recurrences].sort());
  });
});
