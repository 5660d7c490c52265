import type { ConversationMessage } from "./conversation-types";

// What the message list draws, in order: the spec's day separators (dd/MM/yyyy), the
// "conversation ended / started" notices where the ticket changes (pages reach back into the
// contact's earlier tickets), call lines and bubbles.
export type MessageRow =
  | { kind: "day"; key: string; label: string }
  | { kind: "ended"; key: string; at: string }
  | { kind: "started"; key: string; at: string }
  | { kind: "call"; key: string; message: ConversationMessage }
  | { kind: "message"; key: string; message: ConversationMessage };

const pad = (n: number) => String(n).padStart(2, "0");

/** dd/MM/yyyy in the browser's time zone. */
export function dayLabel(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getDate())}/${pad(d.getMonth() + 1)}/${d.getFullYear()}`;
}

/** HH:mm in the browser's time zone. */
export function timeLabel(iso: string): string {
  const d = new Date(iso);
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** The rows for messages in display order (oldest first). */
export function buildRows(messages: ConversationMessage[]): MessageRow[] {
  const rows: MessageRow[] = [];
  let prev: ConversationMessage | null = null;
  for (const m of messages) {
    const ticketChanged = prev !== null && prev.ticketId !== m.ticketId;
    if (ticketChanged && prev) rows.push({ kind: "ended", key: `ended-${prev.id}`, at: prev.createdAt });
    const day = dayLabel(m.createdAt);
    if (!prev || dayLabel(prev.createdAt) !== day) rows.push({ kind: "day", key: `day-${m.id}`, label: day });
    if (ticketChanged) rows.push({ kind: "started", key: `started-${m.id}`, at: m.createdAt });
    rows.push({ kind: m.mediaType === "call_log" ? "call" : "message", key: `m-${m.id}`, message: m });
    prev = m;
  }
  return rows;
}

export type DeliveryState = "failed" | "pending" | "sent" | "delivered" | "read";

/**
 * The ticks of an own message (spec: ack 4 and 5 count as read): 0 clock, 1 one tick, 2 two,
 * 3/4/5 two blue; a failed send wins over the ack.
 */
export function deliveryState(m: Pick<ConversationMessage, "ack" | "sendStatus">): DeliveryState {
  if (m.sendStatus === "failed") return "failed";
  if (m.ack >= 3) return "read";
  if (m.ack === 2) return "delivered";
  if (m.ack === 1) return "sent";
  return "pending";
}
