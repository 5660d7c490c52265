import { describe, expect, it } from "vitest";
import type { ChatRecord } from "@/lib/chats/chat-record";
import { fitChatEvent, type ChatEvent } from "@/lib/chats/chat-events";
import { CHAT_MESSAGE_MAX, CHAT_USERS_MAX } from "@/lib/chats/schemas";
import { MAX_PAYLOAD_BYTES } from "@/lib/realtime/publish";

const chat = (members: number, name = "Fulano"): ChatRecord => ({
  id: 1,
  uuid: "0b8e6c3a-1111-4222-8333-444455556666",
  title: "T".repeat(100),
  ownerId: 1,
  updatedAt: new Date("2026-01-01T10:00:00Z"),
  lastMessage: "L".repeat(255),
  users: Array.from({ length: members }, (_, i) => ({ userId: 100000 + i, unreads: 99999, user: { id: 100000 + i, name: `${name} ${i}`.padEnd(50, "x") } })),
});
const message = (text: string) => ({ id: 9, chatId: 1, senderId: 1, sender: { id: 1, name: "A".repeat(50) }, message: text, createdAt: new Date() });
const size = (e: ChatEvent) => Buffer.byteLength(JSON.stringify(e));

describe("chat events stay under the 10 KB realtime limit", () => {
  it("a small event goes whole", () => {
    const e: ChatEvent = { action: "new-message", chat: chat(3), newMessage: message("oi") };
    expect(fitChatEvent(e)).toBe(e);
  });

  it("many members: names left out and marked truncated, the message kept when it fits", () => {
    const e: ChatEvent = { action: "new-message", chat: chat(CHAT_USERS_MAX), newMessage: message("oi") };
    const fit = fitChatEvent(e);
    expect(size(fit)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(fit).toMatchObject({ truncated: true, newMessage: { message: "oi" } });
    if (fit.action === "delete") throw new Error("unexpected");
    expect(fit.chat.users).toHaveLength(CHAT_USERS_MAX);
    expect(fit.chat.users[0]).toEqual({ userId: 100000, unreads: 99999 });
  });

  it("the longest message in 3- and 4-byte characters with the most members is cut to fit", () => {
    for (const ch of ["漢", "😀"]) {
      const text = ch.repeat(ch.length === 2 ? CHAT_MESSAGE_MAX / 2 : CHAT_MESSAGE_MAX);
      const fit = fitChatEvent({ action: "new-message", chat: chat(CHAT_USERS_MAX), newMessage: message(text) });
      expect(size(fit)).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
      if (fit.action !== "new-message") throw new Error("unexpected");
      expect(fit.truncated).toBe(true);
      expect(text.startsWith(fit.newMessage.message)).toBe(true);
      expect(fit.newMessage.message.length).toBeGreaterThan(100);
      expect(fit.newMessage.message).not.toContain("\uFFFD");
    }
  });

  it("an update with every member fits; delete goes as it is", () => {
    expect(size(fitChatEvent({ action: "update", chat: chat(CHAT_USERS_MAX) }))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    const del: ChatEvent = { action: "delete", chatId: 3 };
    expect(fitChatEvent(del)).toBe(del);
  });
});
