import { describe, expect, it } from "vitest";
import { dueAt, dueOffsetSeconds } from "@/lib/campaigns/dispatch/spacing";

const offsets = (n: number, s: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number }) =>
  Array.from({ length: n }, (_, i) => dueOffsetSeconds(i, s));

describe("campaign spacing", () => {
  it("spaces messages by messageInterval, and by greaterInterval after every longerIntervalAfter messages", () => {
    expect(offsets(8, { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 })).toEqual([0, 5, 10, 70, 75, 80, 140, 145]);
  });

  it("the defaults (20 / 20 / 60): the 21st message waits a minute after the 20th", () => {
    const s = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect(dueOffsetSeconds(19, s)).toBe(380);
    expect(dueOffsetSeconds(20, s)).toBe(440);
    expect(dueOffsetSeconds(21, s)).toBe(460);
  });

  it("longerIntervalAfter 0 never waits longer; 1 waits greaterInterval every time", () => {
    expect(offsets(4, { messageInterval: 10, longerIntervalAfter: 0, greaterInterval: 120 })).toEqual([0, 10, 20, 30]);
    expect(offsets(4, { messageInterval: 10, longerIntervalAfter: 1, greaterInterval: 30 })).toEqual([0, 30, 60, 90]);
  });

  it("intervals 0 send everyone at once", () => {
    expect(offsets(3, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 })).toEqual([0, 0, 0]);
  });

  it("dueAt adds the offset to the start", () => {
    const start = new Date("2030-01-01T00:00:00Z");
    expect(dueAt(start, 3, { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 }).toISOString()).toBe("2030-01-01T00:01:10.000Z");
  });
});
