// The beta connection's WhatsApp Web version (issue 33 part 4) and the reason each close keeps.
import { DisconnectReason } from "@whiskeysockets/baileys";
import { describe, expect, it, vi } from "vitest";
import { flush, memoryVersionStore, startFakeConnection, withQuietConnectionTests } from "../helpers/fake-baileys-socket";

withQuietConnectionTests();

describe("beta connection: the version it announces, and why it closed", () => {
  it("announces WhatsApp's current version, keeps the one that opened, and asks again after WhatsApp refuses it (405)", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    let asked = 0;
    const answers: [number, number, number][] = [[2, 3000, 1000000001], [2, 3000, 1000000002]];
    const store = memoryVersionStore();
    const t = await startFakeConnection({ versions: { fetchLatest: async () => answers[asked++] ?? answers[1], store } });
    expect(t.sock().config.version).toEqual([2, 3000, 1000000001]);
    expect(store.value).toBeNull();
    t.sock().open();
    await t.conn.settled();
    expect(store.value).toBe("2.3000.1000000001");
    // a reconnect for another reason keeps the version it has
    t.sock().close(DisconnectReason.restartRequired);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(t.world.sockets).toHaveLength(2);
    expect(asked).toBe(1);
    t.sock().close(405);
    await t.conn.settled();
    expect(t.of("status").at(-1)).toEqual({ type: "status", status: "OPENING", disconnect: { code: 405, reason: "versionRefused", needsAttention: false } });
    await vi.advanceTimersByTimeAsync(2000);
    await flush();
    expect(t.world.sockets).toHaveLength(3);
    expect(t.sock().config.version).toEqual([2, 3000, 1000000002]);
    expect(asked).toBe(2);
  });

  it("falls back to the version that last opened when WhatsApp's page cannot be read", async () => {
    const store = memoryVersionStore("2.3000.1000000777");
    const t = await startFakeConnection({ versions: { fetchLatest: () => Promise.reject(new Error("offline")), store } });
    expect(t.sock().config.version).toEqual([2, 3000, 1000000777]);
  });

  it.each([
    [DisconnectReason.connectionReplaced, true, "replaced"],
    [DisconnectReason.restartRequired, true, "restartRequired"],
    [DisconnectReason.timedOut, true, "network"],
    [DisconnectReason.connectionClosed, false, "neverOpened"],
    [DisconnectReason.badSession, false, "badSession"],
  ] as const)("a close %i (opened before: %s) is retried with its reason: %s", async (code, opened, reason) => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = await startFakeConnection();
    if (opened) t.sock().open();
    t.sock().close(code);
    await t.conn.settled();
    expect(t.of("status").at(-1)).toEqual({ type: "status", status: opened ? "TIMEOUT" : "OPENING", disconnect: { code, reason, needsAttention: false } });
  });
});
