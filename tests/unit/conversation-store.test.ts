import { describe, expect, it } from "vitest";
import type { ConversationMessage } from "@/components/tickets/conversation/conversation-types";
import { mergeFresh, patchMessage, prependPage, upsertMessage } from "@/components/tickets/conversation/message-store";

const msg = (id: number, minute: number, over: Partial<ConversationMessage> = {}) =>
  ({ id, body: `m${id}`, ack: 0, createdAt: new Date(Date.UTC(2024, 0, 1, 12, minute)).toISOString(), ...over }) as ConversationMessage;
const ids = (list: ConversationMessage[]) => list.map((m) => m.id);

describe("message store", () => {
  it("puts an older page in front without repeating loaded messages", () => {
    const loaded = [msg(5, 5), msg(6, 6)];
    // new messages arrived meanwhile, so page 2 overlaps page 1 by one
    expect(ids(prependPage(loaded, [msg(3, 3), msg(4, 4), msg(5, 5)]))).toEqual([3, 4, 5, 6]);
  });

  it("appends a new message once, however often it arrives", () => {
    let list = [msg(1, 1)];
    list = upsertMessage(list, msg(2, 2));
    list = upsertMessage(list, msg(2, 2, { ack: 1 }));
    expect(ids(list)).toEqual([1, 2]);
    expect(list[1].ack).toBe(1);
  });

  it("patches fields of a loaded message and ignores unknown ones", () => {
    const list = [msg(1, 1), msg(2, 2)];
    const patched = patchMessage(list, { id: 2, ack: 3, isDeleted: true });
    expect(patched[1]).toMatchObject({ id: 2, body: "m2", ack: 3, isDeleted: true });
    expect(patched[0]).toBe(list[0]);
    expect(patchMessage(list, { id: 99, ack: 3 })).toBe(list);
  });

  it("merges a refetched newest page in time order", () => {
    const list = [msg(1, 1), msg(2, 2), msg(4, 4, { body: "cut…" })];
    const merged = mergeFresh(list, [msg(3, 3), msg(4, 4, { body: "the whole body" })]);
    expect(ids(merged)).toEqual([1, 2, 3, 4]);
    expect(merged[3].body).toBe("the whole body");
  });
});
