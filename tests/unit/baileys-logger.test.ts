import { describe, expect, it } from "vitest";
import { baileysLogger } from "@/lib/whatsapp/providers/baileys/logger";

type Line = { level: string; bindings: Record<string, unknown>; args: unknown[] };

function capture(opts: { level?: string; perMinute?: number } = {}) {
  const lines: Line[] = [];
  let t = 0;
  const log = baileysLogger(3, { ...opts, now: () => t, sink: (level, bindings, args) => void lines.push({ level, bindings, args }) });
  return { log, lines, at: (ms: number) => (t = ms) };
}

describe("Baileys' own log lines", () => {
  it("reach the product's log at warn and above by default, tagged with the connection, children's bindings kept", () => {
    const { log, lines } = capture();
    log.debug({ frame: 1 }, "recv frame");
    log.info("connected to WA");
    log.warn({ attrs: { error: "463" } }, "received error in ack");
    log.child({ class: "baileys" }).error(new Error("Bad MAC"), "failed to decrypt message");
    expect(lines.map((l) => [l.level, l.args.at(-1)])).toEqual([
      ["warn", "received error in ack"],
      ["error", "failed to decrypt message"],
    ]);
    expect(lines[0].bindings).toEqual({ connection: 3, source: "baileys" });
    expect(lines[1].bindings).toEqual({ connection: 3, source: "baileys", class: "baileys" });
  });

  it("follows BAILEYS_LOG_LEVEL (a bad value is warn)", () => {
    const info = capture({ level: "info" });
    info.log.info("connected to WA");
    info.log.debug("frame");
    expect(info.lines.map((l) => l.level)).toEqual(["info"]);
    const silent = capture({ level: "silent" });
    silent.log.error("anything");
    expect(silent.lines).toEqual([]);
    const bad = capture({ level: "loud" });
    bad.log.info("x");
    bad.log.warn("y");
    expect(bad.lines.map((l) => l.args[0])).toEqual(["y"]);
  });

  it("writes at most perMinute lines a minute per connection, then says how many it left out", () => {
    const { log, lines, at } = capture({ perMinute: 3 });
    for (let i = 0; i < 10; i++) log.warn(`decrypt failed ${i}`);
    expect(lines).toHaveLength(3);
    at(60_000);
    log.warn("after a minute");
    expect(lines.slice(3).map((l) => l.args.at(-1))).toEqual(["7 Baileys line(s) not logged in the last minute", "after a minute"]);
  });
});
