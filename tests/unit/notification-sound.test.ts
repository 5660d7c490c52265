import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The chime's audio context runs only around a chime: created on the first gesture, suspended
// SOUND_IDLE_MS later, resumed for each chime and suspended again after it.
class FakeContext {
  static made = 0;
  state: "running" | "suspended" | "closed";
  currentTime = 0;
  destination = {};
  oscillators = 0;
  calls: string[] = [];
  constructor() {
    FakeContext.made++;
    this.state = FakeContext.startsAs;
    FakeContext.last = this;
  }
  static startsAs: "running" | "suspended" = "running";
  static last: FakeContext | null = null;
  static resumeAllowed = true;
  resume() {
    this.calls.push("resume");
    if (!FakeContext.resumeAllowed) return Promise.reject(new Error("not allowed"));
    this.state = "running";
    return Promise.resolve();
  }
  suspend() {
    this.calls.push("suspend");
    this.state = "suspended";
    return Promise.resolve();
  }
  createOscillator() {
    this.oscillators++;
    return { type: "", frequency: { value: 0 }, connect: (n: unknown) => n, start() {}, stop() {} };
  }
  createGain() {
    const gain = { setValueAtTime() {}, exponentialRampToValueAtTime() {} };
    return { gain, connect: (n: unknown) => n };
  }
}

async function load() {
  vi.resetModules();
  return import("@/components/notifications/notification-sound");
}

beforeEach(() => {
  vi.useFakeTimers();
  FakeContext.made = 0;
  FakeContext.last = null;
  FakeContext.startsAs = "running";
  FakeContext.resumeAllowed = true;
  vi.stubGlobal("window", { AudioContext: FakeContext });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("notification sound", () => {
  it("makes no sound and no context before a gesture", async () => {
    const m = await load();
    m.playNotificationSound(1);
    expect(FakeContext.made).toBe(0);
  });

  it("suspends the context once the gesture's unlock has run, and does not resume it on later gestures", async () => {
    const m = await load();
    m.unlockSound();
    const ctx = FakeContext.last!;
    expect(ctx.state).toBe("running");
    await vi.advanceTimersByTimeAsync(m.SOUND_IDLE_MS);
    expect(ctx.state).toBe("suspended");
    m.unlockSound();
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeContext.made).toBe(1);
    expect(ctx.calls).toEqual(["suspend"]);
  });

  it("resumes for a chime, plays both notes, and suspends again after it", async () => {
    const m = await load();
    m.unlockSound();
    const ctx = FakeContext.last!;
    await vi.advanceTimersByTimeAsync(m.SOUND_IDLE_MS);
    m.playNotificationSound(0.5);
    await vi.advanceTimersByTimeAsync(0);
    expect(ctx.state).toBe("running");
    expect(ctx.oscillators).toBe(2);
    // still running while the chime plays
    await vi.advanceTimersByTimeAsync(400);
    expect(ctx.state).toBe("running");
    await vi.advanceTimersByTimeAsync(m.SOUND_IDLE_MS);
    expect(ctx.state).toBe("suspended");
    expect(ctx.calls).toEqual(["suspend", "resume", "suspend"]);
  });

  it("a second chime before the context sleeps keeps it running until after the last one", async () => {
    const m = await load();
    m.unlockSound();
    const ctx = FakeContext.last!;
    m.playNotificationSound(1);
    await vi.advanceTimersByTimeAsync(1_000);
    m.playNotificationSound(1);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(ctx.state).toBe("running");
    await vi.advanceTimersByTimeAsync(400);
    expect(ctx.state).toBe("suspended");
    expect(ctx.oscillators).toBe(4);
  });

  it("is silent at volume 0, and when the browser refuses to start the context", async () => {
    const m = await load();
    m.unlockSound();
    m.playNotificationSound(0);
    expect(FakeContext.last!.oscillators).toBe(0);

    const n = await load();
    FakeContext.startsAs = "suspended";
    FakeContext.resumeAllowed = false;
    n.unlockSound();
    await vi.advanceTimersByTimeAsync(10);
    n.playNotificationSound(1);
    await vi.advanceTimersByTimeAsync(10);
    expect(FakeContext.last!.oscillators).toBe(0);
    // a later gesture tries again
    FakeContext.resumeAllowed = true;
    n.unlockSound();
    await vi.advanceTimersByTimeAsync(0);
    n.playNotificationSound(1);
    await vi.advanceTimersByTimeAsync(0);
    expect(FakeContext.last!.oscillators).toBe(2);
    expect(FakeContext.made).toBe(2);
  });
});
