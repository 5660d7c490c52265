import { DisconnectReason, initAuthCreds, type AuthenticationCreds } from "@whiskeysockets/baileys";
import { describe, expect, it, vi } from "vitest";
import { isUnfinishedPairing } from "@/lib/whatsapp/providers/baileys/pairing-code";
import { flush, startFakeConnection, withQuietConnectionTests } from "../helpers/fake-baileys-socket";

// Pairing by code (issue 33 §8) on the beta provider: asked of the socket once it waits for
// pairing (it showed a QR code), the code emitted as a `pairingCode` event.

const NUMBER = "5531999990000";

withQuietConnectionTests();

describe("beta pairing by code", () => {
  it("asks the socket once it shows a QR code, and emits the code after the QR", async () => {
    const t = await startFakeConnection();
    await t.conn.pairByCode!(NUMBER);
    expect(t.sock().pairingRequests).toEqual([]);
    t.sock().qr("2@first");
    await t.conn.settled();
    expect(t.sock().pairingRequests).toEqual([NUMBER]);
    expect(t.events.filter((e) => e.type === "qr" || e.type === "pairingCode").map((e) => e.type)).toEqual(["qr", "pairingCode"]);
    expect(t.of("pairingCode")).toEqual([{ type: "pairingCode", code: "ABCD1234" }]);
    // a rotated QR code keeps the code: it is bound to the socket, not to the QR
    t.sock().qr("2@second");
    await t.conn.settled();
    expect(t.sock().pairingRequests).toEqual([NUMBER]);
  });

  it("asks at once when the socket already shows a QR code; a second request asks again", async () => {
    const t = await startFakeConnection();
    t.world.pairingCodes.push("WZ4K7QPA", "R8M2X5TB");
    t.sock().qr("2@first");
    await t.conn.settled();
    await t.conn.pairByCode!(NUMBER);
    await t.conn.pairByCode!("5531988887777");
    expect(t.sock().pairingRequests).toEqual([NUMBER, "5531988887777"]);
    expect(t.of("pairingCode").map((e) => e.code)).toEqual(["WZ4K7QPA", "R8M2X5TB"]);
  });

  it("asks the next socket again when the link drops before the phone typed the code", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    const t = await startFakeConnection();
    t.sock().qr("2@first");
    await t.conn.settled();
    await t.conn.pairByCode!(NUMBER);
    t.sock().close(DisconnectReason.timedOut);
    await t.conn.settled();
    await vi.advanceTimersByTimeAsync(1000);
    await flush();
    expect(t.world.sockets).toHaveLength(2);
    t.sock().qr("2@again");
    await t.conn.settled();
    expect(t.sock().pairingRequests).toEqual([NUMBER]);
    expect(t.of("pairingCode")).toHaveLength(2);
  });

  it("starts afresh from creds left by a code nobody typed, and keeps paired ones", async () => {
    const saved: AuthenticationCreds[] = [];
    let creds = initAuthCreds();
    let clears = 0;
    const authStore = {
      load: async () => ({ state: { creds, keys: { get: async () => ({}), set: async () => {} } }, saveCreds: async () => void saved.push(creds), clear: async () => {} }),
      clear: async () => void (clears++, (creds = initAuthCreds())),
    };
    const t = await startFakeConnection({ authStore });
    t.sock().qr("2@first");
    await t.conn.settled();
    await t.conn.pairByCode!(NUMBER);
    await t.conn.settled();
    expect(isUnfinishedPairing(creds)).toBe(true);
    await t.conn.stop();

    const again = await startFakeConnection({ authStore });
    expect(clears).toBe(1);
    expect(again.sock().config.auth.creds.me).toBeUndefined();
    await again.conn.stop();

    // paired (pair-success writes the signed device identity): kept as it is
    creds = { ...initAuthCreds(), pairingCode: "ABCD1234", me: { id: `${NUMBER}:3@s.whatsapp.net` }, account: { details: Buffer.from("d") } };
    await startFakeConnection({ authStore });
    expect(clears).toBe(1);
  });
});
