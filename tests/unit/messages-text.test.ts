import { describe, expect, it } from "vitest";
import { generateWid } from "@/lib/messages/generate-wid";
import { mediaTypeFromMime, rowMediaType, sendMediaType } from "@/lib/messages/media-type";
import { clip, lastMessageText, LAST_MESSAGE_MAX } from "@/lib/messages/message-text";
import { eventMessage, type MessageView } from "@/lib/messages/message-view";
import { outboundRows } from "@/lib/messages/outbound-rows";
import { sendMessageSchema } from "@/lib/messages/schemas";

describe("lastMessageText", () => {
  it("keeps text, labels media, names files and places", () => {
    expect(lastMessageText("  olá  ", null)).toBe("olá");
    expect(lastMessageText("", "image")).toBe("📷");
    expect(lastMessageText("legenda", "image")).toBe("📷 legenda");
    expect(lastMessageText("", "application", "nota.pdf")).toBe("📄 nota.pdf");
    expect(lastMessageText("https://maps/x.png|https://maps/x|Av. Paulista, 1000", "locationMessage")).toBe("📍 Av. Paulista, 1000");
    expect(lastMessageText("BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nEND:VCARD", "vcard")).toBe("👤 Ana Souza");
    expect(lastMessageText("", "call_log")).toBe("📞");
    expect(lastMessageText("", "something-new")).toBe("📎");
    expect(lastMessageText("x".repeat(1000), null)).toHaveLength(LAST_MESSAGE_MAX + 1);
  });

  it("clips without splitting an emoji", () => {
    expect(clip("abc", 5)).toBe("abc");
    expect(clip("abcdef", 3)).toBe("abc…");
    const cut = clip("ab😀cd", 3);
    expect(cut).toBe("ab…");
    expect(() => encodeURIComponent(cut)).not.toThrow();
  });
});

describe("eventMessage", () => {
  it("cuts long bodies and says so", () => {
    const m = { id: 1, body: "x".repeat(5000), quotedMsg: { id: 2, body: "y".repeat(500), fromMe: true, mediaType: null } } as MessageView;
    const e = eventMessage(m);
    expect(e.truncated).toBe(true);
    expect(e.body.length).toBeLessThan(1600);
    expect(e.quotedMsg!.body.length).toBeLessThan(210);
    expect(eventMessage({ ...m, body: "short" })).not.toHaveProperty("truncated");
  });
});

describe("outbox rows", () => {
  const img = { path: "1/a.jpg", mimetype: "image/jpeg", filename: "a.jpg", type: "image" as const };
  const ogg = { path: "1/b.ogg", mimetype: "audio/ogg", filename: "b.ogg", type: "audio" as const };

  it("needs a text unless there is a file", () => {
    expect(outboundRows("oi", [])).toEqual([{ body: "oi", media: null }]);
    expect(() => outboundRows("  ", [])).toThrow(expect.objectContaining({ code: "ERR_VALIDATION" }));
    expect(outboundRows("", [img])).toEqual([{ body: "", media: img }]);
  });

  it("captions the first captionable file, or sends the text first", () => {
    expect(outboundRows("veja", [ogg, img])).toEqual([{ body: "", media: ogg }, { body: "veja", media: img }]);
    expect(outboundRows("ouça", [ogg])).toEqual([{ body: "ouça", media: null }, { body: "", media: ogg }]);
  });

  it("types files by mimetype and maps the row's names to the provider's", () => {
    expect(mediaTypeFromMime("image/png")).toBe("image");
    expect(mediaTypeFromMime("AUDIO/mpeg")).toBe("audio");
    expect(mediaTypeFromMime("video/mp4")).toBe("video");
    expect(mediaTypeFromMime("application/pdf")).toBe("document");
    expect(mediaTypeFromMime("")).toBe("document");
    expect(rowMediaType("document")).toBe("application");
    expect(sendMediaType("application")).toBe("document");
    expect(sendMediaType("image")).toBe("image");
  });

  it("generates WhatsApp-like ids", () => {
    const ids = new Set(Array.from({ length: 1000 }, generateWid));
    expect(ids.size).toBe(1000);
    for (const id of ids) expect(id).toMatch(/^3EB0[0-9A-F]{18}$/);
  });

  it("drops fromMe, read and mediaUrl from a send payload", () => {
    const parsed = sendMessageSchema.parse({ body: "x", fromMe: false, read: true, mediaUrl: "http://evil", quotedMsg: { id: "7", body: "y" } });
    expect(parsed).toEqual({ body: "x", quotedMsg: { id: 7 } });
    expect(sendMessageSchema.parse({})).toEqual({ body: "" });
  });
});
