import { channels, EVENTS } from "@/lib/realtime/channels";
import type { RealtimeEvent } from "@/lib/realtime/publish";
import type { Connection } from "./load-connections";

type SessionFields = Pick<Connection, "id" | "status" | "qrcode" | "retries" | "updatedAt">;

/** What every user of the company may see of a connection: never the token nor the QR code. */
export function connectionSummary(row: Connection) {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    isDefault: row.isDefault,
    provider: row.provider,
    number: row.number,
    retries: row.retries,
    updatedAt: row.updatedAt,
    queueIds: row.queueIds,
    // why it is not connected, whether an admin must act, senders WhatsApp has not identified yet
    disconnectCode: row.disconnectCode,
    disconnectReason: row.disconnectReason,
    needsAttention: row.needsAttention,
    waitingSenders: row.waitingSenders,
    // unsolicited sends wait for a cap or a restriction until then (lib/whatsapp/worker/send-pacer.ts)
    sendPausedUntil: row.sendPausedUntil,
    sendPauseReason: row.sendPauseReason,
  };
}
export type ConnectionSummary = ReturnType<typeof connectionSummary>;

export const connectionUpdated = (companyId: number, row: Connection): RealtimeEvent => ({
  channels: [channels.company(companyId)],
  event: EVENTS.whatsapp,
  data: { action: "update", whatsapp: connectionSummary(row) },
});

export const connectionDeleted = (companyId: number, whatsappId: number): RealtimeEvent => ({
  channels: [channels.company(companyId)],
  event: EVENTS.whatsapp,
  data: { action: "delete", whatsappId },
});

/** Session state with the QR code (and a pairing code just given, lib/connections/publish-pairing-code.ts): admins only. */
export const sessionUpdated = (companyId: number, s: SessionFields, pairingCode?: string): RealtimeEvent => ({
  channels: [channels.admins(companyId)],
  event: EVENTS.whatsappSession,
  data: {
    action: "update",
    session: { id: s.id, status: s.status, qrcode: s.qrcode, retries: s.retries, updatedAt: s.updatedAt, ...(pairingCode ? { pairingCode } : {}) },
  },
});
