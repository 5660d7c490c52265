import { describe, expect, it } from "vitest";
import { paceVerdict, type PaceState } from "@/lib/whatsapp/worker/send-pacer";
import { connectionFormSchema, CONNECTION_DEFAULTS, updateConnectionSchema } from "@/lib/connections/schemas";

const now = new Date("2026-11-29T12:00:00Z");
const at = (min: number) => new Date(now.getTime() + min * 60_000);
const state = (s: Partial<PaceState> = {}): PaceState => ({
  minGapSeconds: 10,
  hourCap: 40,
  dayCap: 200,
  hourCount: 0,
  dayCount: 0,
  lastAt: null,
  hourFreesAt: null,
  dayFreesAt: null,
  pausedUntil: null,
  pauseReason: null,
  ...s,
});

describe("paceVerdict (issue 33 §6)", () => {
  it("one unsolicited send at a time once the gap has passed; none before", () => {
    expect(paceVerdict(state(), now, null)).toEqual({ room: 1, pause: null });
    expect(paceVerdict(state(), now, at(0.1))).toEqual({ room: 0, pause: null });
    expect(paceVerdict(state(), now, at(-0.1))).toEqual({ room: 1, pause: null });
  });

  it("with no gap (set in the database only), as many as both caps allow", () => {
    expect(paceVerdict(state({ minGapSeconds: 0, hourCount: 35, dayCount: 198 }), now, null).room).toBe(2);
  });

  it("at the hour cap: paused until the cap-th newest send leaves the hour", () => {
    expect(paceVerdict(state({ hourCount: 40, dayCount: 40, hourFreesAt: at(12) }), now, null)).toEqual({ room: 0, pause: { reason: "hourCap", until: at(12) } });
  });

  it("the day cap wins over the hour cap, and a restriction over both", () => {
    const full = state({ hourCount: 40, dayCount: 200, hourFreesAt: at(12), dayFreesAt: at(600) });
    expect(paceVerdict(full, now, null).pause).toEqual({ reason: "dayCap", until: at(600) });
    expect(paceVerdict({ ...full, pauseReason: "restricted", pausedUntil: at(1000) }, now, null).pause).toEqual({ reason: "restricted", until: at(1000) });
  });

  it("a restriction that has ended pauses nothing; a cap pause written earlier is judged again from the counts", () => {
    expect(paceVerdict(state({ pauseReason: "restricted", pausedUntil: at(-1) }), now, null)).toEqual({ room: 1, pause: null });
    expect(paceVerdict(state({ pauseReason: "dayCap", pausedUntil: at(60), dayCount: 10 }), now, null)).toEqual({ room: 1, pause: null });
  });
});

describe("the connection form's pacing fields", () => {
  const form = { name: "Vendas", ...CONNECTION_DEFAULTS };
  it("defaults to a new number's safe limits", () => {
    expect(connectionFormSchema.parse(form)).toMatchObject({ sendMinGapSeconds: 10, sendHourCap: 40, sendDayCap: 200 });
  });

  it("refuses limits outside the bounds with one message; accepts them within", () => {
    for (const bad of [{ sendMinGapSeconds: 5 }, { sendMinGapSeconds: 601 }, { sendHourCap: 0 }, { sendHourCap: 301 }, { sendDayCap: 2001 }]) {
      const r = updateConnectionSchema.safeParse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe("sendLimitRange");
    }
    expect(updateConnectionSchema.parse({ sendMinGapSeconds: "30", sendHourCap: 300, sendDayCap: 2000 })).toEqual({ sendMinGapSeconds: 30, sendHourCap: 300, sendDayCap: 2000 });
  });
});
