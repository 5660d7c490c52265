import { proto } from "@whiskeysockets/baileys";

export type Ack = 1 | 2 | 3 | 4 | 5;

const Status = proto.WebMessageInfo.Status;

// spec (core.md §3): ack 1 sent, 2 delivered, 3 read, 4/5 read or played. Baileys counts from
// PENDING (1), so its SERVER_ACK (2) is our "sent"; PENDING says nothing to show, and ERROR is no
// ack but a refusal (refusalCode below).
const BY_STATUS: Partial<Record<number, Ack>> = {
  [Status.SERVER_ACK]: 1,
  [Status.DELIVERY_ACK]: 2,
  [Status.READ]: 3,
  [Status.PLAYED]: 4,
};

/** The ack of a `messages.update` status (1:1 chats). */
export const ackFromStatus = (status: number | null | undefined): Ack | null =>
  status === null || status === undefined ? null : (BY_STATUS[status] ?? null);

/**
 * WhatsApp's error code when a `messages.update` reports our message refused: Baileys turns a
 * server NACK into status ERROR with the code as the first stub parameter (a reach-out timelock
 * adds a text after it). "" when no code came; null when the update is no refusal.
 */
export function refusalCode(update: Pick<proto.IWebMessageInfo, "status" | "messageStubParameters">): string | null {
  if (update.status !== Status.ERROR) return null;
  return String(update.messageStubParameters?.[0] ?? "");
}

/** The ack of a `message-receipt.update` receipt (groups: one receipt per participant). */
export function ackFromReceipt(receipt: proto.IUserReceipt): Ack | null {
  if (receipt.playedTimestamp) return 4;
  if (receipt.readTimestamp) return 3;
  if (receipt.receiptTimestamp) return 2;
  return null;
}
