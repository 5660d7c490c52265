import { describe, expect, it } from "vitest";
import { createNotifyRelay } from "@/workers/pglite-notify-relay";

// backend messages: type byte, int32 length (itself included), body
const msg = (type: string, body: Buffer) => {
  const head = Buffer.alloc(5);
  head.write(type, 0);
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
};
const notification = (channel: string, payload: string) => msg("A", Buffer.concat([Buffer.alloc(4), Buffer.from(`${channel}\0${payload}\0`)]));
const query = (text: string) => msg("Q", Buffer.from(`${text}\0`));

describe("the PGlite notify relay", () => {
  it("takes notifications out of one client's output, whole messages only, and hands them to the listeners", () => {
    const relay = createNotifyRelay();
    const listener: Buffer[] = [];
    const raiser: Buffer[] = [];
    relay.watch(1, query('listen "sandbox"'), (b) => void listener.push(Buffer.from(b)));
    relay.watch(3, query("LISTEN outbox"), () => expect.unreachable());
    const complete = msg("C", Buffer.from("SELECT 1\0"));
    const ready = msg("Z", Buffer.from("I"));
    const stream = Buffer.concat([complete, notification("sandbox", "7"), ready]);
    const out = relay.output((b) => void raiser.push(Buffer.from(b)));
    // cut anywhere: inside a message, inside the notification
    for (const part of [stream.subarray(0, 3), stream.subarray(3, complete.length + 6), stream.subarray(complete.length + 6)]) out.write(part);
    out.flush();
    expect(Buffer.concat(raiser)).toEqual(Buffer.concat([complete, ready]));
    expect(raiser.every((b) => b[0] === 0x43 || b[0] === 0x5a)).toBe(true);
    expect(listener).toEqual([notification("sandbox", "7")]);
  });

  it("forgets an UNLISTEN and a client that left", () => {
    const relay = createNotifyRelay();
    const got: Buffer[] = [];
    relay.watch(1, query("listen sandbox"), (b) => void got.push(Buffer.from(b)));
    relay.watch(1, query("UNLISTEN *"), () => {});
    relay.watch(2, query('listen "sandbox"'), (b) => void got.push(Buffer.from(b)));
    relay.forget(2);
    const out = relay.output(() => {});
    out.write(notification("sandbox", "1"));
    expect(got).toEqual([]);
  });
});
