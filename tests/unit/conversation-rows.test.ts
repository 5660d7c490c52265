import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { buildRows, dayLabel, deliveryState, timeLabel } from "@/components/tickets/conversation/message-rows";

const local = (y: number, mo: number, d: number, h = 12, mi = 0) => new Date(y, mo - 1, d, h, mi).toISOString();

let nextId = 1;
const msg = (over: Partial<ConversationMessage>): ConversationMessage => ({
  id: nextId++,
  wid: "w",
  ticketId: 1,
  body: "oi",
  fromMe: false,
  read: true,
  mediaType: null,
  mediaUrl: null,
  ack: 0,
  isDeleted: false,
  isEdited: false,
  createdAt: local(2024, 5, 1),
  sendStatus: null,
  sendError: null,
  quotedMsg: null,
  contact: null,
  ...over,
});

describe("buildRows", () => {
  it("puts a day separator before the first message of each day", () => {
    const a = msg({ createdAt: local(2024, 5, 1, 9) });
    const b = msg({ createdAt: local(2024, 5, 1, 18) });
    const c = msg({ createdAt: local(2024, 5, 2, 8) });
    expect(buildRows([a, b, c]).map((r) => (r.kind === "day" ? `day ${r.label}` : r.kind))).toEqual([
      "day 01/05/2024",
      "message",
      "message",
      "day 02/05/2024",
      "message",
    ]);
  });

  it("marks where one ticket ended and the next started", () => {
    const old = msg({ ticketId: 7, createdAt: local(2024, 4, 30, 10, 5) });
    const next = msg({ ticketId: 9, createdAt: local(2024, 5, 1, 11) });
    const sameDay = msg({ ticketId: 9, createdAt: local(2024, 5, 1, 11, 30) });
    const rows = buildRows([old, next, sameDay]);
    expect(rows.map((r) => r.kind)).toEqual(["day", "message", "ended", "day", "started", "message", "message"]);
    const ended = rows[2];
    const started = rows[4];
    expect(ended.kind === "ended" && ended.at).toBe(old.createdAt);
    expect(started.kind === "started" && started.at).toBe(next.createdAt);
    // every row has its own key (React list keys)
    expect(new Set(rows.map((r) => r.key)).size).toBe(rows.length);
  });

  it("draws missed calls as call lines", () => {
    const rows = buildRows([msg({ mediaType: "call_log", body: "video" }), msg({})]);
    expect(rows.map((r) => r.kind)).toEqual(["day", "call", "message"]);
  });

  it("draws nothing for no messages", () => {
    expect(buildRows([])).toEqual([]);
  });
});

describe("labels", () => {
  it("formats days as dd/MM/yyyy and times as HH:mm in local time", () => {
    expect(dayLabel(local(2024, 1, 9, 7, 5))).toBe("09/01/2024");
    expect(timeLabel(local(2024, 1, 9, 7, 5))).toBe("07:05");
  });
});

describe("deliveryState", () => {
  it("maps acks to ticks, 3 to 5 as read, and failures first", () => {
    expect([0, 1, 2, 3, 4, 5].map((ack) => deliveryState({ ack, sendStatus: null }))).toEqual(["pending", "sent", "delivered", "read", "read", "read"]);
    expect(deliveryState({ ack: 0, sendStatus: "failed" })).toBe("failed");
    expect(deliveryState({ ack: 2, sendStatus: "sent" })).toBe("delivered");
  });
});
