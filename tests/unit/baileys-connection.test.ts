import { DisconnectReason } from "@whiskeysockets/baileys";
import { describe, expect, it, vi } from "vitest";
import { reconnectDelayMs } from "@/lib/whatsapp/providers/baileys/connection";
import { DEFAULT_LIMITS } from "@/lib/whatsapp/providers/baileys/reconnect-policy";
import { flush, startFakeConnection, withQuietConnectionTests } from "../helpers/fake-baileys-socket";

withQuietConnectionTests();

describe("beta connection: pairing", () => {
  it("builds the socket as the product wants it and says OPENING", async () => {
    const t = await startFakeConnection();
    expect(t.world.sockets).toHaveLength(1);
    const config = t.sock().config;
    expect(config.browser?.[0]).toBe("Atendimento");
    expect(config).toMatchObject({ markOnlineOnConnect: false, syncFullHistory: false });
    // Baileys' own lines reach the log at warn and above (BAILEYS_LOG_LEVEL), never its per-frame debug
    expect(config.logger?.level).toBe("warn");
    expect(t.events).toEqual([{ type: "status", status: "OPENING" }]);
  });

  it("emits each QR code with its count and gives up after three unscanned codes", async () => {
    const t = await startFakeConnection();
    for (const code of ["qr-1", "qr-2", "qr-3"]) t.sock().qr(code);
    await t.conn.settled();
    expect(t.of("qr")).toEqual([
      { type: "qr", qrcode: "qr-1", retries: 1 },
      { type: "qr", qrcode: "qr-2", retries: 2 },
      { type: "qr", qrcode: "qr-3", retries: 3 },
    ]);
    expect(t.sock().ended).toBe(false);
    t.sock().qr("qr-4");
    await t.conn.settled();
    expect(t.of("qr")).toHaveLength(3);
    expect(t.events.at(-1)).toEqual({ type: "status", status: "DISCONNECTED" });
    expect(t.sock().ended).toBe(true);
    await expect(t.conn.checkNumber("5511988887777")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
  });

  it("keeps counting QR codes across a reconnect while pairing", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = await startFakeConnection();
    t.sock().qr("a");
    t.sock().qr("b");
    t.sock().close(DisconnectReason.timedOut);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(t.world.sockets).toHaveLength(2);
    t.sock().qr("c");
    t.sock().qr("d");
    await t.conn.settled();
    expect(t.of("qr").map((e) => e.retries)).toEqual([1, 2, 3]);
    expect(t.events.at(-1)).toEqual({ type: "status", status: "DISCONNECTED" });
  });

  it("says PAIRING when the phone scans, then CONNECTED with the paired number", async () => {
    const t = await startFakeConnection();
    t.sock().qr("qr-1");
    t.sock().emit("connection.update", { isNewLogin: true, qr: undefined });
    t.sock().open();
    await t.conn.settled();
    expect(t.of("status").map((e) => e.status)).toEqual(["OPENING", "PAIRING", "CONNECTED"]);
    expect(t.of("status").at(-1)).toEqual({ type: "status", status: "CONNECTED", number: "5511900000000" });
  });

  it("saves the creds on every creds.update", async () => {
    const t = await startFakeConnection();
    t.sock().emit("creds.update", { registered: true });
    t.sock().emit("creds.update", { lastPropHash: "x" });
    await t.conn.settled();
    expect(t.auth.saves).toBe(2);
  });
});

describe("beta connection: closing and reconnecting", () => {
  it("reconnects after 1 s, 2 s, 4 s ... and resets the backoff only after a stable open", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const t = await startFakeConnection();
    t.sock().open();
    t.sock().close(DisconnectReason.connectionLost);
    await t.conn.settled();
    expect(t.events.at(-1)).toEqual({ type: "status", status: "TIMEOUT", disconnect: { code: DisconnectReason.connectionLost, reason: "network", needsAttention: false } });

    const waits: number[] = [];
    for (let i = 0; i < 4; i++) {
      const before = t.world.sockets.length;
      let waited = 0;
      while (t.world.sockets.length === before) {
        await vi.advanceTimersByTimeAsync(250);
        await flush();
        waited += 250;
      }
      waits.push(waited);
      if (i < 3) {
        t.sock().close(DisconnectReason.connectionClosed);
        await t.conn.settled();
      }
    }
    expect(waits).toEqual([1000, 2000, 4000, 8000]);

    // open for a moment: a flapping socket keeps its backoff (16 s next)
    t.sock().open();
    t.sock().close(DisconnectReason.connectionLost);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(15_750);
    await flush();
    expect(t.world.sockets).toHaveLength(5);
    await vi.advanceTimersByTimeAsync(250);
    await flush();
    expect(t.world.sockets).toHaveLength(6);

    // open for a minute: stable, the next close waits 1 s again
    t.sock().open();
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(60_000);
    t.sock().close(DisconnectReason.restartRequired);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(t.world.sockets).toHaveLength(7);
  });

  it("a 440 loop (another session keeps taking over) backs off, then stops and asks an admin to look", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    const limits = { ...DEFAULT_LIMITS, replacedPerLoop: 2, replacedLoopsToStop: 2 };
    const t = await startFakeConnection({ reconnectLimits: limits });
    const delays: number[] = [];
    for (let i = 0; i < 4; i++) {
      t.sock().open();
      t.sock().close(DisconnectReason.connectionReplaced);
      await t.conn.settled();
      if (t.of("status").at(-1)!.status === "DISCONNECTED") break;
      const before = t.world.sockets.length;
      let waited = 0;
      while (t.world.sockets.length === before) {
        await vi.advanceTimersByTimeAsync(1000);
        await flush();
        waited += 1000;
      }
      delays.push(waited);
    }
    // 1 s, then the loop: the longest backoff between tries; the second loop stops it
    expect(delays).toEqual([1000, 60_000, 60_000]);
    expect(t.of("status").at(-1)).toEqual({ type: "status", status: "DISCONNECTED", disconnect: { code: 440, reason: "replaced", needsAttention: true } });
    await vi.advanceTimersByTimeAsync(300_000);
    await flush();
    expect(t.world.sockets).toHaveLength(4);
  });

  it("hands every socket the same retry counter cache and the sent-message lookup", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const sentMessages = { save: async () => {}, getMessage: vi.fn(async () => undefined) };
    const t = await startFakeConnection({ sentMessages });
    const first = t.sock().config;
    expect(first.msgRetryCounterCache).toBeDefined();
    await first.msgRetryCounterCache!.set("MSG1:5511988887777@s.whatsapp.net", 1);
    t.sock().open();
    t.sock().close(DisconnectReason.restartRequired);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(t.world.sockets).toHaveLength(2);
    const second = t.sock().config;
    // a new socket keeps counting where the last one stopped (no resend loop across reconnects)
    expect(second.msgRetryCounterCache).toBe(first.msgRetryCounterCache);
    expect(await second.msgRetryCounterCache!.get("MSG1:5511988887777@s.whatsapp.net")).toBe(1);
    expect(second.getMessage).toBe(sentMessages.getMessage);
    await second.getMessage!({ id: "MSG1" });
    expect(sentMessages.getMessage).toHaveBeenCalledWith({ id: "MSG1" });
  });

  it("caps the backoff at 60 s", () => {
    expect([0, 1, 2, 3, 4, 5, 6, 7, 20].map(reconnectDelayMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
    ]);
  });

  it.each([DisconnectReason.loggedOut, DisconnectReason.forbidden])(
    "on close %i clears the auth state, says loggedOut and DISCONNECTED, and never reconnects",
    async (code) => {
      vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
      const t = await startFakeConnection();
      t.sock().open();
      t.sock().close(code);
      await t.conn.settled();
      expect(t.auth.clears).toBe(1);
      expect(t.events.slice(-2)).toEqual([
        { type: "loggedOut" },
        { type: "status", status: "DISCONNECTED", disconnect: { code, reason: "loggedOut", needsAttention: true } },
      ]);
      await vi.advanceTimersByTimeAsync(120_000);
      await flush();
      expect(t.world.sockets).toHaveLength(1);
    },
  );

  it("stop() ends the socket without logging out and does not reconnect", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = await startFakeConnection();
    t.sock().open();
    await t.conn.settled();
    await t.conn.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    await flush();
    expect(t.sock()).toMatchObject({ ended: true, loggedOut: false });
    expect(t.world.sockets).toHaveLength(1);
    expect(t.auth.clears).toBe(0);
  });

  it("stop() cancels a pending reconnect", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = await startFakeConnection();
    t.sock().close(DisconnectReason.connectionLost);
    await t.conn.settled();
    await t.conn.stop();
    await vi.advanceTimersByTimeAsync(120_000);
    await flush();
    expect(t.world.sockets).toHaveLength(1);
  });

  it("logout() logs the device out, clears the auth state and reports it", async () => {
    const t = await startFakeConnection();
    t.sock().open();
    await t.conn.settled();
    await t.conn.logout();
    await t.conn.settled();
    expect(t.sock().loggedOut).toBe(true);
    expect(t.auth.clears).toBe(1);
    expect(t.events.slice(-2)).toEqual([{ type: "loggedOut" }, { type: "status", status: "DISCONNECTED" }]);
    // the socket's own close (401) came after we let go of it: nothing reported twice
    expect(t.of("loggedOut")).toHaveLength(1);
  });

  it("can start again after stop()", async () => {
    const t = await startFakeConnection();
    await t.conn.stop();
    await t.conn.start();
    t.sock().open();
    await t.conn.settled();
    expect(t.world.sockets).toHaveLength(2);
    expect(t.of("status").at(-1)).toMatchObject({ status: "CONNECTED" });
  });
});
