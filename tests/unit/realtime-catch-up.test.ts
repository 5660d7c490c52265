import { describe, expect, it, vi } from "vitest";
import { watchCatchUp } from "@/components/realtime/catch-up";

/** A channel as pusher-js keeps it: a subscribed flag and its bound callbacks. */
class FakeChannel {
  subscribed = false;
  private handlers = new Map<string, Set<() => void>>();
  bind(event: string, cb: () => void) {
    if (!this.handlers.has(event)) this.handlers.set(event, new Set());
    this.handlers.get(event)!.add(cb);
  }
  unbind(event: string, cb: () => void) {
    this.handlers.get(event)?.delete(cb);
  }
  bound() {
    return [...this.handlers.values()].reduce((n, s) => n + s.size, 0);
  }
  succeed() {
    this.subscribed = true;
    this.handlers.get("pusher:subscription_succeeded")?.forEach((cb) => cb());
  }
  fail() {
    this.subscribed = false;
    this.handlers.get("pusher:subscription_error")?.forEach((cb) => cb());
  }
  drop() {
    this.subscribed = false; // pusher-js on "connecting" / "disconnected"
  }
}

describe("watchCatchUp", () => {
  it("catches up once when the first subscription of every channel has succeeded", () => {
    const [a, b, c] = [new FakeChannel(), new FakeChannel(), new FakeChannel()];
    const catchUp = vi.fn();
    watchCatchUp([a, b, c], catchUp);
    a.succeed();
    b.succeed();
    expect(catchUp).not.toHaveBeenCalled(); // c could still miss events
    c.succeed();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it("catches up once more after a reconnect, when every channel is back", () => {
    const [a, b] = [new FakeChannel(), new FakeChannel()];
    const catchUp = vi.fn();
    watchCatchUp([a, b], catchUp);
    a.succeed();
    b.succeed();
    a.drop();
    b.drop();
    a.succeed();
    expect(catchUp).toHaveBeenCalledTimes(1);
    b.succeed();
    expect(catchUp).toHaveBeenCalledTimes(2);
  });

  it("counts a refused channel as settled, so the others still catch up", () => {
    const [a, b] = [new FakeChannel(), new FakeChannel()];
    const catchUp = vi.fn();
    watchCatchUp([a, b], catchUp);
    a.succeed();
    b.fail();
    expect(catchUp).toHaveBeenCalledTimes(1);
    // a refusal alone is nothing to catch up on
    const lone = new FakeChannel();
    const other = vi.fn();
    watchCatchUp([lone], other);
    lone.fail();
    expect(other).not.toHaveBeenCalled();
  });

  it("with server data, catches up at once when the channels are already subscribed", () => {
    const [a, b] = [new FakeChannel(), new FakeChannel()];
    a.succeed();
    b.succeed();
    const fromServer = vi.fn();
    const fetchedOnMount = vi.fn();
    watchCatchUp([a, b], fromServer, { now: true });
    watchCatchUp([a, b], fetchedOnMount);
    expect(fromServer).toHaveBeenCalledTimes(1);
    expect(fetchedOnMount).not.toHaveBeenCalled();
  });

  it("with server data and a channel still pending, waits for it", () => {
    const [a, b] = [new FakeChannel(), new FakeChannel()];
    a.succeed();
    const catchUp = vi.fn();
    watchCatchUp([a, b], catchUp, { now: true });
    expect(catchUp).not.toHaveBeenCalled();
    b.succeed();
    expect(catchUp).toHaveBeenCalledTimes(1);
  });

  it("unbinds everything it bound", () => {
    const [a, b] = [new FakeChannel(), new FakeChannel()];
    const catchUp = vi.fn();
    const stop = watchCatchUp([a, b], catchUp);
    expect(a.bound()).toBe(2);
    stop();
    expect(a.bound() + b.bound()).toBe(0);
    a.succeed();
    b.succeed();
    expect(catchUp).not.toHaveBeenCalled();
  });
});
