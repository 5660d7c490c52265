import { describe, expect, it } from "vitest";
import { campaignClock, dueAt, dueClock, effectiveSpacing, isPaced, PACED_MIN_SECONDS } from "@/lib/campaigns/dispatch/spacing";

const start = new Date("2030-01-01T00:00:00Z");
const secs = (next: () => Date, n: number) => Array.from({ length: n }, () => (next().getTime() - start.getTime()) / 1000);

describe("campaign pacing (issue 33 §6)", () => {
  it("the due clock without jitter is dueAt, one after another", () => {
    const s = { messageInterval: 5, longerIntervalAfter: 3, greaterInterval: 60 };
    const next = dueClock(start, s);
    for (let i = 0; i < 10; i++) expect(next().toISOString()).toBe(dueAt(start, i, s).toISOString());
  });

  it("only the sandbox is not paced", () => {
    expect(isPaced("beta")).toBe(true);
    expect(isPaced("sandbox")).toBe(false);
    expect(isPaced(null)).toBe(false);
  });

  it("on a paced connection neither interval is below the minimum; the sandbox keeps the chosen ones", () => {
    const zero = { messageInterval: 0, longerIntervalAfter: 5, greaterInterval: 1 };
    expect(effectiveSpacing(zero, "beta")).toEqual({ messageInterval: PACED_MIN_SECONDS, longerIntervalAfter: 5, greaterInterval: PACED_MIN_SECONDS });
    expect(effectiveSpacing(zero, "sandbox")).toEqual(zero);
    const slow = { messageInterval: 20, longerIntervalAfter: 20, greaterInterval: 60 };
    expect(effectiveSpacing(slow, "beta")).toEqual(slow);
  });

  it("the jitter lengthens a paced gap by up to 30%, never shortens it", () => {
    const s = { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 };
    expect(secs(campaignClock(start, s, "beta", () => 0), 3)).toEqual([0, 10, 20]);
    expect(secs(campaignClock(start, s, "beta", () => 0.5), 3)).toEqual([0, 11.5, 23]);
    expect(secs(campaignClock(start, s, "beta", () => 0.999), 2)[1]).toBeCloseTo(13, 1);
    // a connection whose admin chose a longer least gap (send_min_gap_seconds) keeps it
    expect(secs(campaignClock(start, s, "beta", () => 0, 45), 3)).toEqual([0, 45, 90]);
    // the sandbox draws no random number and sends at the chosen 0
    expect(secs(campaignClock(start, s, "sandbox", () => { throw new Error("no jitter on the sandbox"); }), 3)).toEqual([0, 0, 0]);
  });
});
