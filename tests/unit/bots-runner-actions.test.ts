import { describe, expect, it } from "vitest";
import type { BotAction } from "@/lib/bots/types";
import { carryOut, MAX_TURN_WAIT_MS, MAX_WAIT_MS, type ActionDeps } from "@/lib/bots/runner/actions";

/** Fake writes that log what the runner did, in order. */
function fakeDeps({ heldFor = Infinity }: { heldFor?: number } = {}) {
  const log: string[] = [];
  let sends = 0;
  const deps: ActionDeps = {
    send: async (a) => {
      if (sends++ >= heldFor) return false;
      log.push(a.type === "text" ? `text:${a.body}` : a.type === "media" ? `media:${a.filename}` : "voice");
      return true;
    },
    wait: async (ms) => (log.push(`wait:${ms}`), true),
    handoff: async () => void log.push("handoff"),
    end: async () => void log.push("end"),
  };
  return { deps, log };
}

const media: BotAction = { type: "media", data: new Uint8Array([1]), mimetype: "image/png", filename: "a.png" };
const voice: BotAction = { type: "voice", data: new Uint8Array([1]), mimetype: "audio/ogg" };

describe("carryOut", () => {
  it("carries out the actions in order, skipping blank texts and empty files", async () => {
    const { deps, log } = fakeDeps();
    const r = await carryOut(
      [{ type: "text", body: "a" }, { type: "wait", ms: 100 }, { type: "text", body: "  " }, media, { ...media, data: new Uint8Array() }, voice, { type: "text", body: "b" }],
      deps,
    );
    expect(log).toEqual(["text:a", "wait:100", "media:a.png", "voice", "text:b"]);
    expect(r).toEqual({ sent: 4, outcome: "done" });
  });

  it("handoff and end finish the turn: what came before is sent, nothing after", async () => {
    const a = fakeDeps();
    expect(await carryOut([{ type: "text", body: "x" }, { type: "handoff" }, { type: "text", body: "y" }, { type: "end" }], a.deps)).toEqual({ sent: 1, outcome: "handoff" });
    expect(a.log).toEqual(["text:x", "handoff"]);
    const b = fakeDeps();
    expect(await carryOut([{ type: "end" }, { type: "text", body: "y" }], b.deps)).toEqual({ sent: 0, outcome: "end" });
    expect(b.log).toEqual(["end"]);
  });

  it("bounds each wait and all waits of a turn; a negative or bogus wait is skipped", async () => {
    const { deps, log } = fakeDeps();
    const waits: BotAction[] = [{ type: "wait", ms: -5 }, { type: "wait", ms: Number.NaN }, ...Array.from({ length: 6 }, () => ({ type: "wait" as const, ms: 60_000 }))];
    await carryOut(waits, deps);
    const slept = log.map((l) => Number(l.split(":")[1]));
    expect(slept.every((ms) => ms > 0 && ms <= MAX_WAIT_MS)).toBe(true);
    expect(slept.reduce((a, b) => a + b, 0)).toBe(MAX_TURN_WAIT_MS);
  });

  it("stops when the bot no longer holds the ticket (an agent accepted it meanwhile)", async () => {
    const { deps, log } = fakeDeps({ heldFor: 1 });
    const r = await carryOut([{ type: "text", body: "a" }, { type: "text", body: "b" }, { type: "handoff" }], deps);
    expect(r).toEqual({ sent: 1, outcome: "released" });
    expect(log).toEqual(["text:a"]);
  });

  it("a wait refused (the lease is gone) stops the turn", async () => {
    const { deps, log } = fakeDeps();
    deps.wait = async () => false;
    expect(await carryOut([{ type: "wait", ms: 10 }, { type: "text", body: "a" }], deps)).toEqual({ sent: 0, outcome: "released" });
    expect(log).toEqual([]);
  });
});
