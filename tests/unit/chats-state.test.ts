import { describe, expect, it } from "vitest";
import {
  addMessages,
  applyChatEvent,
  canSend,
  clearUnreads,
  isSendKey,
  mergeFirstPage,
  popoverOrder,
  rowOf,
  textAfterSend,
  unreadChatsCount,
  unreadsOf,
  upsertChat,
} from "@/components/chats/chat-state";
import type { ChatMessageRow, ChatRow } from "@/components/chats/chat-types";

const ME = 1;
const chat = (id: number, minute: number, myUnreads = 0, extra: Partial<ChatRow> = {}): ChatRow => ({
  id,
  uuid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
  title: `Chat ${id}`,
  ownerId: ME,
  updatedAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
  lastMessage: "",
  users: [
    { userId: ME, unreads: myUnreads, user: { id: ME, name: "Eu" } },
    { userId: 2, unreads: 5, user: { id: 2, name: "Bia" } },
  ],
  ...extra,
});
const msg = (id: number, minute: number, text = `m${id}`): ChatMessageRow => ({
  id,
  chatId: 1,
  senderId: 2,
  sender: { id: 2, name: "Bia" },
  message: text,
  createdAt: new Date(Date.UTC(2026, 0, 1, 10, minute)).toISOString(),
});
const ids = (list: { id: number }[]) => list.map((c) => c.id);

describe("unread counts (core §2 dot and popover, admin §4)", () => {
  it("the caller's own count, and how many chats have any", () => {
    const list = [chat(1, 1, 3), chat(2, 2, 0), chat(3, 3, 1)];
    expect(unreadsOf(list[0], ME)).toBe(3);
    expect(unreadsOf(list[0], 99)).toBe(0);
    expect(unreadChatsCount(list, ME)).toBe(2);
    expect(unreadChatsCount(clearUnreads(list, 1, ME), ME)).toBe(1);
    // clearing mine leaves the others' counts alone
    expect(clearUnreads(list, 1, ME)[0].users[1].unreads).toBe(5);
  });

  it("the popover shows chats with unreads first, then the most recent", () => {
    expect(ids(popoverOrder([chat(1, 5), chat(2, 1, 2), chat(3, 9), chat(4, 3, 1)], ME))).toEqual([4, 2, 3, 1]);
  });
});

describe("chat events on the list", () => {
  it("new-message puts the chat at the top with its new count; an unknown chat joins", () => {
    const list = [chat(1, 5), chat(2, 4)];
    const moved = applyChatEvent(list, { action: "new-message", chat: chat(2, 6, 1, { lastMessage: "oi" }), newMessage: { ...msg(9, 6), createdAt: "x" } });
    expect(ids(moved)).toEqual([2, 1]);
    expect(moved[0]).toMatchObject({ lastMessage: "oi" });
    expect(unreadsOf(moved[0], ME)).toBe(1);
    expect(ids(applyChatEvent(list, { action: "update", chat: chat(3, 1) }))).toEqual([1, 2, 3]);
  });

  it("a read (same updatedAt) changes the count in place; an older copy never replaces a newer one", () => {
    const list = [chat(1, 5, 4), chat(2, 4)];
    const read = applyChatEvent(list, { action: "update", chat: chat(1, 5, 0) });
    expect(unreadsOf(read[0], ME)).toBe(0);
    expect(upsertChat(list, chat(1, 1, 9))).toBe(list);
  });

  it("delete drops the chat", () => {
    expect(ids(applyChatEvent([chat(1, 5), chat(2, 4)], { action: "delete", chatId: 1 }))).toEqual([2]);
  });

  it("a cut event's members keep the names already known", () => {
    const known = chat(1, 5);
    const cut = { ...chat(1, 6), users: [{ userId: ME, unreads: 0 }, { userId: 2, unreads: 6 }, { userId: 7, unreads: 1 }] };
    expect(rowOf(cut, known).users.map((u) => u.user.name)).toEqual(["Eu", "Bia", ""]);
  });

  it("page 1 again replaces its rows and keeps later pages", () => {
    const merged = mergeFirstPage([chat(1, 5), chat(2, 4), chat(3, 1)], [chat(4, 9), chat(1, 8, 2)]);
    expect(ids(merged)).toEqual([4, 1, 2, 3]);
    expect(unreadsOf(merged[1], ME)).toBe(2);
  });
});

describe("messages", () => {
  it("pages (newest first), events and sent messages merge by id, oldest first", () => {
    let list = addMessages([], [msg(3, 3), msg(2, 2)]);
    list = addMessages(list, [msg(1, 1)]);
    list = addMessages(list, [msg(4, 4, "cut")]);
    list = addMessages(list, [msg(4, 4, "whole"), msg(3, 3)]);
    expect(list.map((m) => [m.id, m.message])).toEqual([
      [1, "m1"],
      [2, "m2"],
      [3, "m3"],
      [4, "whole"],
    ]);
    expect(addMessages(list, [])).toBe(list);
  });

  it("only non-blank text is sent", () => {
    expect(canSend("  \n\t")).toBe(false);
    expect(canSend(" oi ")).toBe(true);
  });
});

describe("the message input (admin §2.10, §8)", () => {
  it("a failed send keeps the text; a sent one leaves only what was typed meanwhile", () => {
    expect(textAfterSend("Olá", "Olá", false)).toBe("Olá");
    expect(textAfterSend("Olá", "Olá", true)).toBe("");
    expect(textAfterSend("Olá, tudo", "Olá", true)).toBe(", tudo");
    expect(textAfterSend("outra coisa", "Olá", true)).toBe("outra coisa");
  });

  it("Enter sends, Shift+Enter and an IME's Enter do not", () => {
    expect(isSendKey({ key: "Enter", shiftKey: false })).toBe(true);
    expect(isSendKey({ key: "Enter", shiftKey: true })).toBe(false);
    expect(isSendKey({ key: "Enter", shiftKey: false, isComposing: true })).toBe(false);
    expect(isSendKey({ key: "a", shiftKey: false })).toBe(false);
  });
});
