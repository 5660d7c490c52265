import { describe, expect, it } from "vitest";
import { composeBody, composeCaption, type ComposeContext } from "@/components/tickets/conversation/compose-message";
import { fileNameOf, parseLocation, parseVcard } from "@/components/tickets/conversation/media-parse";
import { matchQuickAnswers, truncateLabel, wantsQuickAnswers } from "@/components/tickets/conversation/quick-answer-match";
import type { QuickMessageRow } from "@/components/quick-messages/quick-message-types";
import { PT_GREETINGS } from "@/lib/messages/message-variables";

const ctx = (over: Partial<ComposeContext> = {}): ComposeContext => ({
  contactName: "Maria Souza",
  ticketId: 12,
  agentName: "Ana",
  signed: true,
  greetings: PT_GREETINGS,
  now: new Date(2024, 0, 1, 9, 30, 0),
  ...over,
});

describe("composeBody", () => {
  it("signs text with the agent's name in bold and fills variables", () => {
    expect(composeBody("{{ms}}, {{firstName}}!", ctx())).toBe("*Ana*:\nBom dia, Maria!");
    expect(composeBody("  oi  ", ctx({ signed: false }))).toBe("oi");
  });

  it("never sends blank text", () => {
    expect(composeBody("", ctx())).toBeNull();
    expect(composeBody(" \n\t ", ctx())).toBeNull();
    expect(composeCaption("   ", ctx())).toBe("");
  });
});

describe("quick answers", () => {
  const row = (id: number, shortcode: string, message: string) => ({ id, shortcode, message, mediaUrl: null, mediaName: null }) as QuickMessageRow;
  const rows = [row(1, "bomdia", "Bom dia! Como posso ajudar?"), row(2, "pix", "Nossa chave PIX é 00.000.000/0001-00, envie o comprovante por aqui"), row(3, "Horario", "Atendemos das 8h às 18h")];

  it("appear for '/' followed by at least one character", () => {
    expect(wantsQuickAnswers("/")).toBe(false);
    expect(wantsQuickAnswers("/p")).toBe(true);
    expect(wantsQuickAnswers("a/p")).toBe(false);
    expect(matchQuickAnswers(rows, "/")).toEqual([]);
  });

  it("filter by shortcode, case-insensitively", () => {
    expect(matchQuickAnswers(rows, "/hor").map((s) => s.id)).toEqual([3]);
    expect(matchQuickAnswers(rows, "/BOM").map((s) => s.id)).toEqual([1]);
    expect(matchQuickAnswers(rows, "/zzz")).toEqual([]);
  });

  it("cut labels at 35 characters", () => {
    const [pix] = matchQuickAnswers(rows, "/pix");
    expect(pix.label).toBe("Nossa chave PIX é 00.000.000/0001-0...");
    expect(Array.from(pix.label.replace(/\.\.\.$/, ""))).toHaveLength(35);
    expect(truncateLabel("curto")).toBe("curto");
  });
});

describe("media bodies", () => {
  it("splits a location into a safe image, an http link and a description", () => {
    const loc = parseLocation("data:image/jpeg;base64,AAAA|https://maps.google.com/maps?q=1%2C2&z=17|Av. Paulista, 1000");
    expect(loc).toEqual({ image: "data:image/jpeg;base64,AAAA", link: "https://maps.google.com/maps?q=1%2C2&z=17", description: "Av. Paulista, 1000" });
    const evil = parseLocation("javascript:alert(1)|javascript:alert(2)|x");
    expect(evil.image).toBeNull();
    expect(evil.link).toBeNull();
    expect(parseLocation("data:image/svg+xml;base64,PHN2Zz4=|http://x.io|").image).toBeNull();
    expect(parseLocation("").description).toBe("");
  });

  it("reads a vCard's name and numbers", () => {
    const card = "BEGIN:VCARD\nVERSION:3.0\nFN:Ana Souza\nitem1.TEL;waid=5511999990000:+55 11 99999-0000\nTEL;type=CELL:+1 555 0100\nEND:VCARD";
    expect(parseVcard(card)).toEqual({ name: "Ana Souza", numbers: ["5511999990000", "+1 555 0100"] });
  });

  it("names a stored file without its storage prefix", () => {
    expect(fileNameOf("/api/media/1/2024-05/3f2b8a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b-relat%C3%B3rio%20final.pdf")).toBe("relatório final.pdf");
    expect(fileNameOf("/api/media/1/x/plain.txt")).toBe("plain.txt");
  });
});
