import { describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { boundsOf, chartRange, dashboardRange, validTimezone } from "@/lib/dashboard/range";
import { chartQuery, dashboardQuery } from "@/lib/dashboard/schemas";

// The dashboard's day ranges: which days a query means, and the instants those days cover.
const NOW = new Date("2024-03-06T02:30:00Z"); // 23:30 on the 5th in São Paulo, the 6th in UTC

describe("dashboardQuery", () => {
  it("needs days or date_from", () => {
    expect(dashboardQuery.safeParse({}).success).toBe(false);
    expect(dashboardQuery.safeParse({ days: "", date_from: "", date_to: "2024-03-01" }).success).toBe(false);
    expect(dashboardQuery.parse({ days: "7" })).toEqual({ days: 7, date_from: undefined, date_to: undefined });
    expect(dashboardQuery.parse({ date_from: "2024-03-01" })).toEqual({ days: undefined, date_from: "2024-03-01", date_to: undefined });
  });

  it("refuses impossible dates, reversed ranges and days out of 1..367", () => {
    for (const q of [{ date_from: "2024-02-30" }, { date_from: "2024-3-1" }, { date_from: "2024-03-02", date_to: "2024-03-01" }, { days: "0" }, { days: "1.5" }, { days: "368" }]) {
      expect(dashboardQuery.safeParse(q).success, JSON.stringify(q)).toBe(false);
    }
    expect(chartQuery.safeParse({ initialDate: "2024-03-02", finalDate: "2024-03-01" }).success).toBe(false);
    expect(chartQuery.safeParse({ initialDate: "2024-03-01" }).success).toBe(false);
  });
});

describe("dashboardRange", () => {
  it("days are the last N days including today, in the company's timezone", () => {
    expect(dashboardRange({ days: 7 }, "America/Sao_Paulo", NOW)).toEqual({ from: "2024-02-28", to: "2024-03-05" });
    expect(dashboardRange({ days: 1 }, "UTC", NOW)).toEqual({ from: "2024-03-06", to: "2024-03-06" });
  });

  it("date_to defaults to today; ranges over 367 days are refused", () => {
    expect(dashboardRange({ date_from: "2024-03-01" }, "America/Sao_Paulo", NOW)).toEqual({ from: "2024-03-01", to: "2024-03-05" });
    expect(dashboardRange({ date_from: "2024-03-01", date_to: "2024-03-03" }, "UTC", NOW)).toEqual({ from: "2024-03-01", to: "2024-03-03" });
    expect(() => dashboardRange({ date_from: "2020-01-01" }, "UTC", NOW)).toThrow(AppError);
    expect(() => chartRange({ initialDate: "2023-01-01", finalDate: "2024-01-03" })).toThrow(AppError);
    expect(chartRange({ initialDate: "2023-01-01", finalDate: "2024-01-02" })).toEqual({ from: "2023-01-01", to: "2024-01-02" });
  });
});

describe("boundsOf", () => {
  it("covers whole local days: midnight of the first to midnight after the last", () => {
    expect(boundsOf({ from: "2024-03-04", to: "2024-03-05" }, "America/Sao_Paulo")).toMatchObject({
      start: "2024-03-04T03:00:00.000Z",
      end: "2024-03-06T03:00:00.000Z",
    });
  });

  it("follows daylight saving time (a 23-hour day in New York)", () => {
    const b = boundsOf({ from: "2024-03-10", to: "2024-03-10" }, "America/New_York");
    expect(b).toMatchObject({ start: "2024-03-10T05:00:00.000Z", end: "2024-03-11T04:00:00.000Z" });
  });

  it("an unknown timezone falls back to São Paulo", () => {
    expect(validTimezone("Mars/Olympus")).toBe("America/Sao_Paulo");
    expect(validTimezone("")).toBe("America/Sao_Paulo");
    expect(validTimezone("Europe/Lisbon")).toBe("Europe/Lisbon");
  });
});
