import { describe, expect, it } from "vitest";
import { mergeConnection, type ConnectionRow } from "@/components/connections/connection-types";
import { generateToken } from "@/lib/connections/generate-token";
import { CONNECTION_DEFAULTS, connectionFormSchema, createConnectionSchema, updateConnectionSchema } from "@/lib/connections/schemas";
import { CONNECTION_STATUSES, isWarningStatus, sessionActions } from "@/lib/connections/statuses";

describe("sessionActions (admin §2.2 session buttons by status)", () => {
  it.each([
    ["qrcode", ["showQr"]],
    ["DISCONNECTED", ["retry", "newQr"]],
    ["CONNECTED", ["disconnect"]],
    ["PAIRING", ["disconnect"]],
    ["TIMEOUT", ["disconnect"]],
    ["OPENING", ["connecting"]],
  ])("%s shows %j", (status, actions) => {
    expect(sessionActions(status)).toEqual(actions);
  });

  it("an unknown status shows nothing", () => {
    expect(sessionActions("SOMETHING")).toEqual([]);
  });

  it("every status of the schema has buttons", () => {
    for (const s of CONNECTION_STATUSES) expect(sessionActions(s).length).toBeGreaterThan(0);
  });
});

describe("isWarningStatus (core §2 menu badge)", () => {
  it("warns on every status but CONNECTED", () => {
    expect(CONNECTION_STATUSES.filter(isWarningStatus)).toEqual(["qrcode", "PAIRING", "DISCONNECTED", "TIMEOUT", "OPENING"]);
  });
});

describe("connection schemas", () => {
  const form = { name: "Vendas", ...CONNECTION_DEFAULTS };

  it("the form's defaults are the spec's and pass as they are", () => {
    expect(connectionFormSchema.parse(form)).toMatchObject({ maxUseBotQueues: 3, expiresTicket: 0, timeUseBotQueues: 0, provider: "beta" });
  });

  it("turns typed numbers into numbers and an empty optional number into null", () => {
    const out = connectionFormSchema.parse({ ...form, timeToTransfer: "", expiresTicket: "30", maxUseBotQueues: "2", transferQueueId: "" });
    expect(out).toMatchObject({ timeToTransfer: null, expiresTicket: 30, maxUseBotQueues: 2, transferQueueId: null });
  });

  it("refuses negative or fractional numbers with the catalogue key", () => {
    const res = connectionFormSchema.safeParse({ ...form, expiresTicket: -1, maxUseBotQueues: 1.5 });
    expect(res.success).toBe(false);
    expect(res.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["expiresTicket", "wholeNumber"],
      ["maxUseBotQueues", "wholeNumber"],
    ]);
  });

  it("name 2-50, trimmed", () => {
    expect(createConnectionSchema.parse({ name: "  Ab  " }).name).toBe("Ab");
    expect(createConnectionSchema.safeParse({ name: "A" }).error!.issues[0].message).toBe("tooShort");
    expect(createConnectionSchema.safeParse({ name: "x".repeat(51) }).error!.issues[0].message).toBe("tooLong");
  });

  it("a token is empty (generate one) or 16-128 URL-safe characters", () => {
    expect(createConnectionSchema.parse({ name: "Ok", token: "" }).token).toBe("");
    expect(createConnectionSchema.parse({ name: "Ok", token: " abcdefghijklmnop " }).token).toBe("abcdefghijklmnop");
    expect(createConnectionSchema.safeParse({ name: "Ok", token: "short" }).error!.issues[0].message).toBe("tokenFormat");
    expect(createConnectionSchema.safeParse({ name: "Ok", token: "with spaces inside it" }).success).toBe(false);
  });

  it("an update leaves out what is not sent", () => {
    expect(updateConnectionSchema.parse({ greetingMessage: "Oi" })).toEqual({ greetingMessage: "Oi" });
  });
});

describe("generateToken", () => {
  it("makes distinct 32-character URL-safe tokens the schema accepts", () => {
    const tokens = new Set(Array.from({ length: 200 }, generateToken));
    expect(tokens.size).toBe(200);
    for (const t of tokens) {
      expect(t).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(createConnectionSchema.safeParse({ name: "Ok", token: t }).success).toBe(true);
    }
  });
});

describe("mergeConnection (live updates of the table)", () => {
  const row = (id: number, name: string, updatedAt: string, extra: Partial<ConnectionRow> = {}): ConnectionRow => ({
    id,
    name,
    status: "DISCONNECTED",
    qrcode: "",
    retries: 0,
    isDefault: false,
    provider: "beta",
    number: null,
    waitingSenders: 0,
    disconnectReason: null,
    disconnectCode: null,
    needsAttention: false,
    sendPauseReason: null,
    sendPausedUntil: null,
    updatedAt,
    ...extra,
  });
  const rows = [row(1, "Alfa", "2025-01-01T10:00:00Z"), row(2, "Gama", "2025-01-01T10:00:00Z")];

  it("applies a newer session change and keeps the other fields", () => {
    const next = mergeConnection(rows, { id: 1, status: "qrcode", qrcode: "2@abc", retries: 1, updatedAt: "2025-01-01T10:01:00Z" });
    expect(next[0]).toMatchObject({ id: 1, name: "Alfa", status: "qrcode", qrcode: "2@abc", retries: 1 });
  });

  it("ignores a change older than the row", () => {
    expect(mergeConnection(rows, { id: 1, status: "CONNECTED", updatedAt: "2025-01-01T09:00:00Z" })).toBe(rows);
  });

  it("adds an unknown connection from a full summary, in name order, and ignores a bare session change", () => {
    const added = mergeConnection(rows, { ...row(3, "Beta", "2025-01-01T11:00:00Z"), qrcode: undefined } as never);
    expect(added.map((r) => r.name)).toEqual(["Alfa", "Beta", "Gama"]);
    expect(added[1].qrcode).toBe("");
    expect(mergeConnection(rows, { id: 9, status: "OPENING", updatedAt: "2025-01-01T11:00:00Z" })).toBe(rows);
  });

  it("a summary without a QR code keeps the QR code the row has", () => {
    const withQr = [row(1, "Alfa", "2025-01-01T10:00:00Z", { status: "qrcode", qrcode: "2@abc" })];
    const next = mergeConnection(withQr, { id: 1, name: "Alfa 2", qrcode: undefined, updatedAt: "2025-01-01T10:05:00Z" });
    expect(next[0]).toMatchObject({ name: "Alfa 2", qrcode: "2@abc" });
  });
});
