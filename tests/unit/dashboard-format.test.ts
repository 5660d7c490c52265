import { describe, expect, it } from "vitest";
import { firstOfMonth, formatDuration, labelEvery, niceScale } from "@/components/dashboard/format";

describe("formatDuration", () => {
  it("reads as minutes, hours or days", () => {
    expect(formatDuration(null)).toBe("—");
    expect(formatDuration(0)).toBe("0 min");
    expect(formatDuration(2.5)).toBe("2,5 min");
    expect(formatDuration(2.5, "en")).toBe("2.5 min");
    expect(formatDuration(57)).toBe("57 min");
    expect(formatDuration(65.4)).toBe("1h 05min");
    expect(formatDuration(24 * 60 + 3 * 60 + 10)).toBe("1d 03h");
  });
});

describe("niceScale", () => {
  it("tops the axis at a round number with steps of 1, 2 or 5 × 10^n", () => {
    expect(niceScale(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(niceScale(3)).toEqual({ top: 3, ticks: [0, 1, 2, 3] });
    expect(niceScale(6)).toEqual({ top: 6, ticks: [0, 2, 4, 6] });
    expect(niceScale(17)).toEqual({ top: 20, ticks: [0, 5, 10, 15, 20] });
    expect(niceScale(1234)).toEqual({ top: 1500, ticks: [0, 500, 1000, 1500] });
  });
});

describe("labelEvery", () => {
  it("prints every k-th label so at most `room` show", () => {
    const shown = (count: number, room: number) => Array.from({ length: count }, (_, i) => i).filter(labelEvery(count, room));
    expect(shown(5, 12)).toEqual([0, 1, 2, 3, 4]);
    expect(shown(30, 12)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
    expect(shown(90, 12)).toHaveLength(12);
  });

  it("firstOfMonth", () => expect(firstOfMonth("2024-03-17")).toBe("2024-03-01"));
});
