import { describe, expect, it } from "vitest";
import { campaignClock, dueAt, dueClock, effectiveSpacing, isPaced, PACED_MIN_SECONDS, resumeClock } from "@/lib/campaigns/dispatch/spacing";

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

  it("a restart goes on one gap after the last send, or now when that is later (issue 34 §2.2)", () => {
    const s = { messageInterval: 5, longerIntervalAfter: 0, greaterInterval: 0 };
    const at = (seconds: number) => new Date(start.getTime() + seconds * 1000);
    // restarted 2.1 s after the last send: the next waits until 5 s after it, the one after 5 s more
    expect(secs(resumeClock(at(2.1), start, s, "sandbox"), 3)).toEqual([5, 10, 15]);
    // restarted after the gap (or nothing sent yet): from now
    expect(secs(resumeClock(at(60), start, s, "sandbox"), 2)).toEqual([60, 65]);
    expect(secs(resumeClock(at(1), null, s, "sandbox"), 2)).toEqual([1, 6]);
    // on a real number the least gap (and the jitter) count from the last send too
    expect(secs(resumeClock(at(2), start, s, "beta", () => 0), 2)).toEqual([10, 20]);
  });
});
