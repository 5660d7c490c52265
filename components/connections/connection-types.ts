// What the connections page keeps of each connection (dates as ISO strings, as JSON brings them).

export type ConnectionRow = {
  id: number;
  name: string;
  status: string;
  qrcode: string;
  retries: number;
  isDefault: boolean;
  provider: string;
  number: string | null;
  /** senders whose messages wait for WhatsApp to identify them (docs/whatsapp.md) */
  waitingSenders: number;
  /** why it is not connected (a key of connections.reasons), with the provider's code */
  disconnectReason: string | null;
  disconnectCode: number | null;
  needsAttention: boolean;
  /** unsolicited sends of a real number wait until then: its hour or day cap, or a WhatsApp restriction */
  sendPauseReason: "hourCap" | "dayCap" | "restricted" | null;
  sendPausedUntil: string | null;
  /** a pairing code WhatsApp just gave (issue 33 §8), from the session event; "" or absent for none */
  pairingCode?: string;
  updatedAt: string;
};

export type QueueOption = { id: number; name: string; color: string };

export type SessionState = Pick<ConnectionRow, "id" | "status" | "qrcode" | "retries" | "updatedAt" | "pairingCode">;
export type SessionEvent = { action: "update"; session: SessionState };
export type ConnectionEvent =
  | { action: "update"; whatsapp: Omit<ConnectionRow, "qrcode" | "pairingCode"> & { qrcode?: string } }
  | { action: "delete"; whatsappId: number };

type Optional = "waitingSenders" | "disconnectReason" | "disconnectCode" | "needsAttention" | "pairingCode" | "sendPauseReason";
type Serialized = Omit<ConnectionRow, "updatedAt" | "qrcode" | "sendPausedUntil" | Optional> & {
  updatedAt: string | Date;
  qrcode?: string;
  sendPausedUntil?: string | Date | null;
} & Partial<Pick<ConnectionRow, Optional>>;

/** Keeps only the row's fields (a server row or an API answer may carry many more). */
export function toConnectionRow(c: Serialized): ConnectionRow {
  return {
    id: c.id,
    name: c.name,
    status: c.status,
    qrcode: c.qrcode ?? "",
    retries: c.retries,
    isDefault: c.isDefault,
    provider: c.provider,
    number: c.number ?? null,
    waitingSenders: c.waitingSenders ?? 0,
    disconnectReason: c.disconnectReason ?? null,
    disconnectCode: c.disconnectCode ?? null,
    needsAttention: c.needsAttention ?? false,
    sendPauseReason: c.sendPauseReason ?? null,
    sendPausedUntil: c.sendPausedUntil ? new Date(c.sendPausedUntil).toISOString() : null,
    pairingCode: c.pairingCode ?? "",
    updatedAt: typeof c.updatedAt === "string" ? c.updatedAt : c.updatedAt.toISOString(),
  };
}

const byName = (a: ConnectionRow, b: ConnectionRow) => a.name.localeCompare(b.name) || a.id - b.id;

/** Applies a change to the list unless it is older than what the row already shows. */
export function mergeConnection(rows: ConnectionRow[], change: Partial<ConnectionRow> & { id: number }): ConnectionRow[] {
  const current = rows.find((r) => r.id === change.id);
  if (!current) {
    // a connection we did not know: only a full summary can become a row
    if (change.name === undefined || change.updatedAt === undefined) return rows;
    return [...rows, toConnectionRow(change as ConnectionRow)].sort(byName);
  }
  if (change.updatedAt && Date.parse(change.updatedAt) < Date.parse(current.updatedAt)) return rows;
  return rows.map((r) => (r.id === change.id ? { ...r, ...definedOnly(change) } : r)).sort(byName);
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
