import { describe, expect, it } from "vitest";
import { createReconnectPolicy, DEFAULT_LIMITS } from "@/lib/whatsapp/providers/baileys/reconnect-policy";
import type { Disconnect } from "@/lib/whatsapp/types";

const network: Disconnect = { code: 408, reason: "network", needsAttention: false };
const replaced: Disconnect = { code: 440, reason: "replaced", needsAttention: false };

describe("the reconnect policy", () => {
  it("asks an admin to look after ten failed attempts in a row, while it keeps trying", () => {
    let t = 0;
    const policy = createReconnectPolicy(() => t);
    const attention = Array.from({ length: 11 }, () => {
      t += 1000;
      const d = policy.closed(network);
      return d.action === "retry" && d.needsAttention;
    });
    expect(attention.indexOf(true)).toBe(9);
    expect(attention.slice(9)).toEqual([true, true]);
  });

  it("asks an admin to look after 30 minutes without a stable open, even with few attempts; a stable open clears it", () => {
    let t = 0;
    const policy = createReconnectPolicy(() => t);
    policy.opened();
    t += 10_000; // not stable
    expect(policy.closed(network)).toMatchObject({ needsAttention: false });
    t = 30 * 60_000;
    expect(policy.closed(network)).toMatchObject({ action: "retry", needsAttention: true });
    policy.opened();
    t += DEFAULT_LIMITS.stableMs;
    expect(policy.closed(network)).toEqual({ action: "retry", delayMs: 1000, needsAttention: false });
  });

  it("a 440 loop stops after the third loop in a row; a stable open or another reason starts the count again", () => {
    let t = 0;
    const policy = createReconnectPolicy(() => t);
    const run = (n: number) => Array.from({ length: n }, () => policy.closed(replaced).action);
    expect(run(14)).not.toContain("stop");
    // another reason in between: the count starts again
    policy.closed(network);
    expect(run(14)).not.toContain("stop");
    expect(run(1)).toEqual(["stop"]);
    policy.started();
    policy.opened();
    t += DEFAULT_LIMITS.stableMs;
    expect(run(14)).not.toContain("stop");
  });

  it("WhatsApp refusing the session (500) three times in a row asks an admin to pair again; another reason in between does not", () => {
    const policy = createReconnectPolicy(() => 0);
    const bad: Disconnect = { code: 500, reason: "badSession", needsAttention: false };
    const attention = (d: Disconnect) => (policy.closed(d) as { needsAttention: boolean }).needsAttention;
    expect([attention(bad), attention(bad), attention(network), attention(bad), attention(bad), attention(bad)]).toEqual([false, false, false, false, false, true]);
  });
});
