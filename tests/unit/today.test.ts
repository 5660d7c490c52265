import { describe, expect, it } from "vitest";
import { addDaysToDate, daysBetween, DEFAULT_TIMEZONE, formatDayBr, todayIn } from "@/lib/dates/today";

describe("todayIn", () => {
  it("is the calendar day in the company timezone, not UTC", () => {
    const now = new Date("2024-01-01T02:00:00Z"); // 23:00 on Dec 31 in São Paulo (UTC-3)
    expect(todayIn("America/Sao_Paulo", now)).toBe("2023-12-31");
    expect(todayIn("UTC", now)).toBe("2024-01-01");
    expect(todayIn("Asia/Tokyo", new Date("2024-01-01T16:00:00Z"))).toBe("2024-01-02");
  });

  it("defaults to America/Sao_Paulo", () => {
    expect(DEFAULT_TIMEZONE).toBe("America/Sao_Paulo");
    const now = new Date("2024-06-30T01:30:00Z");
    expect(todayIn(undefined, now)).toBe("2024-06-29");
  });

  it("answers yyyy-MM-dd", () => {
    expect(todayIn()).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});

describe("addDaysToDate", () => {
  it("crosses months, years and leap days", () => {
    expect(addDaysToDate("2024-02-28", 1)).toBe("2024-02-29");
    expect(addDaysToDate("2024-02-28", 2)).toBe("2024-03-01");
    expect(addDaysToDate("2023-02-28", 1)).toBe("2023-03-01");
    expect(addDaysToDate("2023-12-30", 3)).toBe("2024-01-02");
  });

  it("goes backwards and keeps the date for 0", () => {
    expect(addDaysToDate("2024-03-01", -1)).toBe("2024-02-29");
    expect(addDaysToDate("2024-03-10", 0)).toBe("2024-03-10");
  });

  it("is not shifted by daylight-saving changes", () => {
    // US DST starts 2024-03-10; Brazil's old DST boundaries in November
    expect(addDaysToDate("2024-03-09", 1)).toBe("2024-03-10");
    expect(addDaysToDate("2018-11-03", 1)).toBe("2018-11-04");
  });
});

describe("daysBetween", () => {
  it("counts whole days, signed", () => {
    expect(daysBetween("2024-01-01", "2024-01-04")).toBe(3);
    expect(daysBetween("2024-01-04", "2024-01-01")).toBe(-3);
    expect(daysBetween("2024-02-28", "2024-03-01")).toBe(2);
    expect(daysBetween("2024-05-05", "2024-05-05")).toBe(0);
  });
});

describe("formatDayBr", () => {
  it("writes DD/MM/YYYY", () => {
    expect(formatDayBr("2024-03-07")).toBe("07/03/2024");
  });
});
