import { describe, expect, it } from "vitest";
import { inboundNumber, lidDigits } from "@/lib/contacts/inbound-number";
import { ingestInputParams } from "@/lib/messages/ingest-inbound";
import type { InboundMessage } from "@/lib/whatsapp/types";

const base: InboundMessage = {
  wid: "ABC",
  chatId: "5511999990000",
  isGroup: false,
  from: { number: "5511999990000", name: " Maria " },
  fromMe: false,
  body: "oi",
  mediaType: null,
  timestamp: new Date("2025-01-02T03:04:05Z"),
};
const params = (m: Partial<InboundMessage>) => ingestInputParams({ companyId: 7, whatsappId: 3, message: { ...base, ...m } });

describe("inboundNumber", () => {
  it("accepts digits and group ids, refuses LIDs and anything else", () => {
    expect(inboundNumber("5511999990000")).toBe("5511999990000");
    expect(inboundNumber("120363025246125486", { isGroup: true })).toBe("120363025246125486");
    expect(inboundNumber("5511999990000-1612345678", { isGroup: true })).toBe("5511999990000-1612345678");
    expect(() => inboundNumber("5511999990000-1612345678")).toThrow(expect.objectContaining({ code: "ERR_INVALID_NUMBER" }));
    expect(() => inboundNumber("123456789012345@lid")).toThrow(expect.objectContaining({ code: "ERR_LID_NOT_MAPPED" }));
    expect(() => inboundNumber("123456789012345", { lid: "123456789012345@lid" })).toThrow(expect.objectContaining({ code: "ERR_LID_NOT_MAPPED" }));
    for (const bad of ["", "+5511999990000", "5511 99999", "5511999990000@s.whatsapp.net", "123"]) {
      expect(() => inboundNumber(bad)).toThrow(expect.objectContaining({ code: "ERR_INVALID_NUMBER" }));
    }
    expect(lidDigits("123:4@lid")).toBe("123");
  });
});

describe("ingestInputParams", () => {
  it("makes the chat contact the sender of a person's message", () => {
    const p = params({ from: { number: "5511999990000", name: " Maria ", lid: "999@lid" } });
    expect(p.chat).toEqual({ number: "5511999990000", name: "Maria", isGroup: false, lid: "999" });
    expect(p).toMatchObject({ sender: null, participant: null, unreadIncrement: 1, ack: 0, lastMessage: "oi" });
  });

  it("names neither the customer nor a sender for own messages", () => {
    const p = params({ fromMe: true, from: { number: "5511888880000", name: "Atendente" } });
    expect(p.chat).toEqual({ number: "5511999990000", name: "", isGroup: false, lid: null });
    expect(p).toMatchObject({ sender: null, unreadIncrement: 0, ack: 1 });
  });

  it("makes the group the chat and the participant the sender", () => {
    const p = params({ chatId: "120363025246125486", isGroup: true, groupName: "Família", from: { number: "5511777770000", name: "Tia" } });
    expect(p.chat).toEqual({ number: "120363025246125486", name: "Família", isGroup: true, lid: null });
    expect(p.sender).toEqual({ number: "5511777770000", name: "Tia", lid: null });
    expect(p.participant).toBe("5511777770000");
  });

  it("keeps the storage key and refuses another company's", () => {
    const media = { path: "7/2025-01/x-a.jpg", mimetype: "image/jpeg", filename: "a.jpg" };
    expect(params({ mediaType: "image", media, body: "" })).toMatchObject({ mediaKey: "7/2025-01/x-a.jpg", lastMessage: "📷" });
    expect(() => params({ mediaType: "image", media: { ...media, path: "8/x.jpg" } })).toThrow(expect.objectContaining({ code: "ERR_WAPP_DOWNLOAD_MEDIA" }));
  });

  it("refuses an empty wid and falls back to now for a broken timestamp", () => {
    expect(() => params({ wid: " " })).toThrow(expect.objectContaining({ code: "ERR_CREATING_MESSAGE" }));
    expect(Math.abs(params({ timestamp: new Date("nope") }).createdAt.getTime() - Date.now())).toBeLessThan(5000);
  });
});
