import { describe, expect, it } from "vitest";
import { mergeConnection, toConnectionRow, type ConnectionRow } from "@/components/connections/connection-types";
import { formatPairingCode } from "@/components/connections/pairing-code-form";
import { pairingCodeSchema, sessionPutSchema } from "@/lib/connections/schemas";
import { readPairingNotice } from "@/lib/connections/pairing-notice";

// Pairing by code (issue 33 §8): the number typed, the request the worker hears, the code shown.

describe("the pairing number", () => {
  it("is typed freely and kept as its 10 to 15 digits", () => {
    expect(pairingCodeSchema.parse({ number: " +55 (31) 99999-0000 " })).toEqual({ number: "5531999990000" });
    expect(pairingCodeSchema.safeParse({ number: "31 9999" }).error?.issues[0].message).toBe("tooShort");
    expect(pairingCodeSchema.safeParse({ number: "1234567890123456" }).error?.issues[0].message).toBe("tooLong");
    expect(pairingCodeSchema.safeParse({}).error?.issues[0].message).toBe("required");
  });

  it("is optional in PUT /whatsappsession/{id}: without it, a new QR code", () => {
    expect(sessionPutSchema.parse({})).toEqual({});
    expect(sessionPutSchema.parse({ number: "5531999990000" })).toEqual({ number: "5531999990000" });
  });
});

describe("the pairing notice", () => {
  it("reads only a connection id and a number of digits", () => {
    expect(readPairingNotice(JSON.stringify({ whatsappId: 3, number: "5531999990000" }))).toEqual({ whatsappId: 3, number: "5531999990000" });
    for (const bad of ["3", "{}", "not json", JSON.stringify({ whatsappId: "3", number: "5531999990000" }), JSON.stringify({ whatsappId: 3, number: "55 31" })]) {
      expect(readPairingNotice(bad)).toBeNull();
    }
  });
});

describe("the code on the connections page", () => {
  const row: ConnectionRow = toConnectionRow({ id: 1, name: "Loja", status: "qrcode", qrcode: "2@a", retries: 1, isDefault: false, provider: "beta", number: null, updatedAt: "2026-01-01T10:00:00.000Z" });

  it("is shown as WhatsApp shows it", () => {
    expect(formatPairingCode("WZ4K7QPA")).toBe("WZ4K-7QPA");
  });

  it("stays through a rotated QR code and goes with the QR code", () => {
    let rows = mergeConnection([row], { id: 1, status: "qrcode", qrcode: "2@a", pairingCode: "WZ4K7QPA", updatedAt: "2026-01-01T10:00:01.000Z" });
    expect(rows[0].pairingCode).toBe("WZ4K7QPA");
    rows = mergeConnection(rows, { id: 1, status: "qrcode", qrcode: "2@b", updatedAt: "2026-01-01T10:00:20.000Z" });
    expect(rows[0]).toMatchObject({ qrcode: "2@b", pairingCode: "WZ4K7QPA" });
    // what useConnections applies for a session event without a QR code
    rows = mergeConnection(rows, { id: 1, status: "CONNECTED", qrcode: "", pairingCode: "", updatedAt: "2026-01-01T10:00:30.000Z" });
    expect(rows[0]).toMatchObject({ status: "CONNECTED", pairingCode: "" });
  });
});
