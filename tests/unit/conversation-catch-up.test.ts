import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { mergeFresh } from "@/components/tickets/conversation/message-store";

const msg = (id: number, minute: number, over: Partial<ConversationMessage> = {}) =>
  ({ id, body: `m${id}`, ack: 0, fromMe: false, createdAt: new Date(Date.UTC(2024, 0, 1, 12, minute)).toISOString(), ...over }) as ConversationMessage;

// the newest page read again once the ticket's channel is subscribed (page load, reconnect)
describe("mergeFresh as the conversation's catch-up", () => {
  it("adds the message missed before the subscription once, in order, with the loaded ones kept", () => {
    const older = msg(1, 1);
    const list = [older, msg(2, 2)];
    const merged = mergeFresh(list, [msg(2, 2), msg(3, 3), msg(1, 1)]);
    expect(merged.map((m) => m.id)).toEqual([1, 2, 3]);
    expect(merged[0]).toBe(older);
    // and the same page once more changes nothing
    expect(mergeFresh(merged, [msg(1, 1), msg(2, 2), msg(3, 3)])).toBe(merged);
  });

  it("returns the list itself when the page brings nothing new (no render)", () => {
    const list = [msg(1, 1), msg(2, 2, { ack: 2 })];
    expect(mergeFresh(list, [msg(2, 2, { ack: 2 })])).toBe(list);
  });

  it("takes a changed copy (ack, edit, delete) of a loaded message", () => {
    const list = [msg(1, 1), msg(2, 2, { fromMe: true, ack: 1 })];
    const merged = mergeFresh(list, [msg(2, 2, { fromMe: true, ack: 3 })]);
    expect(merged).not.toBe(list);
    expect(merged[1].ack).toBe(3);
    expect(merged[0]).toBe(list[0]);
  });
});
