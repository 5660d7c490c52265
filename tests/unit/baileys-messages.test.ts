import { readFile } from "node:fs/promises";
import path from "node:path";
import { proto, type WAMessageKey } from "@whiskeysockets/baileys";
import { describe, expect, it } from "vitest";
import type { BaileysDeps } from "@/lib/whatsapp/providers/baileys/connection";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

// A customer writing from a LID-addressed chat, as Baileys 7 delivers most 1:1 messages.
const CUSTOMER = { lid: "118000000000001@lid", pn: "5511988887777@s.whatsapp.net", number: "5511988887777" };
const T = 1_760_000_000; // seconds

const storage = withTempStorage("baileys-media-");

const inbound = (id: string, message: proto.IMessage, key: Partial<WAMessageKey> = {}, extra: Omit<proto.IWebMessageInfo, "key"> = {}) =>
  waMessage({
    key: { remoteJid: CUSTOMER.lid, remoteJidAlt: CUSTOMER.pn, addressingMode: "lid", fromMe: false, id, ...key },
    messageTimestamp: T,
    pushName: "Ana Cliente",
    message,
    ...extra,
  });

async function connected(deps: Partial<BaileysDeps> = {}) {
  const t = await startFakeConnection({ downloadMedia: async () => Buffer.from("media-bytes"), ...deps });
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta inbound: text, quotes and history", () => {
  it("maps a text message with the LID kept apart from the number", async () => {
    const t = await connected();
    t.sock().upsert([inbound("W1", { conversation: "Olá, preciso de ajuda" })]);
    await t.conn.settled();
    expect(t.messages()).toEqual([
      expect.objectContaining({
        wid: "W1",
        chatId: "5511988887777",
        isGroup: false,
        from: { number: "5511988887777", lid: "118000000000001@lid", name: "Ana Cliente" },
        fromMe: false,
        body: "Olá, preciso de ajuda",
        mediaType: null,
        timestamp: new Date(T * 1000),
      }),
    ]);
    expect(t.messages()[0].fromHistory).toBeUndefined();
  });

  it("reads extended text with the quoted message id", async () => {
    const t = await connected();
    t.sock().upsert([inbound("W2", { extendedTextMessage: { text: "Essa aqui", contextInfo: { stanzaId: "W1", participant: CUSTOMER.lid } } })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ body: "Essa aqui", quotedWid: "W1" });
  });

  it("unwraps ephemeral and view-once messages", async () => {
    const t = await connected();
    t.sock().upsert([inbound("W3", { ephemeralMessage: { message: { extendedTextMessage: { text: "some em 7 dias" } } } })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ wid: "W3", body: "some em 7 dias" });
  });

  it("marks `append` upserts (held by WhatsApp while away) as held, not history: notified, the bot may answer", async () => {
    const t = await connected();
    t.sock().upsert([inbound("W4", { conversation: "enquanto estava fora" })], "append");
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ wid: "W4", held: { botTurn: true } });
    expect(t.messages()[0].fromHistory).toBeUndefined();
  });

  it("imports recent messaging-history.set messages as fromHistory and skips old ones", async () => {
    const now = new Date(T * 1000 + 60_000);
    const t = await connected({ now: () => now, historyMaxAgeMs: 3_600_000 });
    t.sock().emit("messaging-history.set", {
      chats: [],
      contacts: [],
      isLatest: true,
      messages: [
        inbound("H1", { conversation: "recente" }),
        inbound("H0", { conversation: "antiga" }, {}, { messageTimestamp: T - 7200 }),
      ],
    });
    await t.conn.settled();
    expect(t.messages().map((m) => [m.wid, m.fromHistory])).toEqual([["H1", true]]);
  });

  it("ignores reactions, status broadcasts, stubs and other protocol messages", async () => {
    const t = await connected();
    t.sock().upsert([
      inbound("R1", { reactionMessage: { key: { id: "W1", remoteJid: CUSTOMER.lid }, text: "👍" } }),
      inbound("S1", { conversation: "status" }, { remoteJid: "status@broadcast", participant: CUSTOMER.pn }),
      waMessage({ key: { remoteJid: CUSTOMER.lid, id: "STUB1", fromMe: false }, messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT }),
      inbound("P1", { protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } }),
      inbound("N1", { conversation: "news" }, { remoteJid: "120363000000000001@newsletter" }),
    ]);
    await t.conn.settled();
    expect(t.events.filter((e) => e.type !== "status")).toEqual([]);
  });
});

describe("beta inbound: media", () => {
  it("downloads an image, stores it under the company and keeps the caption", async () => {
    const t = await connected();
    t.sock().upsert([inbound("M1", { imageMessage: { mimetype: "image/jpeg", caption: "foto do produto", mediaKey: Buffer.from("k") } })]);
    await t.conn.settled();
    const m = t.messages()[0];
    expect(m).toMatchObject({ wid: "M1", mediaType: "image", body: "foto do produto" });
    expect(m.media).toMatchObject({ mimetype: "image/jpeg", filename: "M1.jpg" });
    expect(m.media!.path).toMatch(/^7\/\d{4}-\d{2}\/[0-9a-f-]{36}-M1\.jpg$/);
    expect(await readFile(path.join(storage.path, m.media!.path), "utf8")).toBe("media-bytes");
  });

  it.each([
    ["audioMessage", { mimetype: "audio/ogg; codecs=opus", ptt: true }, "audio", "A1.ogg", ""],
    ["videoMessage", { mimetype: "video/mp4", caption: "vídeo" }, "video", "A1.mp4", "vídeo"],
    // a video note (the round one) is a video
    ["ptvMessage", { mimetype: "video/mp4" }, "video", "A1.mp4", ""],
    ["documentMessage", { mimetype: "application/pdf", fileName: "boleto.pdf" }, "application", "boleto.pdf", "boleto.pdf"],
    ["stickerMessage", { mimetype: "image/webp" }, "sticker", "A1.webp", ""],
  ] as const)("maps %s", async (field, content, mediaType, filename, body) => {
    const t = await connected();
    t.sock().upsert([inbound("A1", { [field]: content })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ mediaType, body, media: { filename } });
  });

  it("reads a document with caption from its wrapper", async () => {
    const t = await connected();
    t.sock().upsert([
      inbound("D2", { documentWithCaptionMessage: { message: { documentMessage: { mimetype: "application/pdf", fileName: "nota.pdf", caption: "segue a nota" } } } }),
    ]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ mediaType: "application", body: "segue a nota", media: { filename: "nota.pdf" } });
  });

  it("still delivers a message whose media could not be downloaded, saying so", async () => {
    const t = await connected({ downloadMedia: async () => Promise.reject(new Error("410 gone")) });
    t.sock().upsert([inbound("M2", { imageMessage: { mimetype: "image/jpeg", caption: "foto" } })]);
    await t.conn.settled();
    const m = t.messages()[0];
    expect(m).toMatchObject({ wid: "M2", mediaType: null, body: "[image unavailable]\nfoto" });
    expect(m.media).toBeUndefined();
  });
});

describe("beta inbound: locations and contacts", () => {
  it("writes a location as image|link|description", async () => {
    const t = await connected();
    t.sock().upsert([
      inbound("L1", {
        locationMessage: { degreesLatitude: -23.5505, degreesLongitude: -46.6333, name: "Loja | Centro", address: "Praça da Sé", jpegThumbnail: Buffer.from([1, 2, 3]) },
      }),
      inbound("L2", { locationMessage: { degreesLatitude: 1.5, degreesLongitude: 2 } }),
      inbound("L3", { liveLocationMessage: { degreesLatitude: 3, degreesLongitude: 4, caption: "estou aqui" } }),
    ]);
    await t.conn.settled();
    const [l1, l2, l3] = t.messages();
    expect(l1).toMatchObject({ mediaType: "locationMessage" });
    expect(l1.body).toBe("data:image/jpeg;base64,AQID|https://maps.google.com/maps?q=-23.5505%2C-46.6333&z=17|Loja / Centro\nPraça da Sé");
    expect(l2.body).toBe("|https://maps.google.com/maps?q=1.5%2C2&z=17|");
    expect(l3).toMatchObject({ mediaType: "locationMessage", body: "|https://maps.google.com/maps?q=3%2C4&z=17|estou aqui" });
  });

  it("keeps vCards in the body", async () => {
    const vcard = "BEGIN:VCARD\nVERSION:3.0\nFN:João\nTEL;waid=5511977776666:+55 11 97777-6666\nEND:VCARD";
    const t = await connected();
    t.sock().upsert([
      inbound("V1", { contactMessage: { displayName: "João", vcard } }),
      inbound("V2", { contactsArrayMessage: { displayName: "2 contatos", contacts: [{ vcard }, { vcard: vcard.replace("João", "Maria") }] } }),
    ]);
    await t.conn.settled();
    const [v1, v2] = t.messages();
    expect(v1).toMatchObject({ mediaType: "vcard", body: vcard });
    expect(v2).toMatchObject({ mediaType: "vcard", body: `${vcard}\n${vcard.replace("João", "Maria")}` });
  });
});

describe("beta inbound: groups, edits, deletes, calls", () => {
  it("maps a group message with its participant and the group's name", async () => {
    const t = await connected();
    t.sock().upsert([
      waMessage({
        key: { remoteJid: "120363041234567890@g.us", id: "G1", fromMe: false, participant: CUSTOMER.lid, participantAlt: CUSTOMER.pn, addressingMode: "lid" },
        messageTimestamp: T,
        pushName: "Ana Cliente",
        message: { conversation: "oi grupo" },
      }),
    ]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({
      wid: "G1",
      chatId: "120363041234567890",
      isGroup: true,
      groupName: "Grupo de Teste",
      from: { number: "5511988887777", lid: "118000000000001@lid", name: "Ana Cliente" },
    });
  });

  it("turns a MESSAGE_EDIT protocol message into one edit, even when messages.update repeats it", async () => {
    const t = await connected();
    t.sock().upsert([
      inbound("E1", { protocolMessage: { type: proto.Message.ProtocolMessage.Type.MESSAGE_EDIT, key: { id: "W1", remoteJid: CUSTOMER.lid }, editedMessage: { conversation: "texto corrigido" } } }),
    ]);
    // what Baileys' processMessage emits for the same edit
    t.sock().emit("messages.update", [
      { key: { remoteJid: CUSTOMER.lid, id: "W1", fromMe: false }, update: { message: { editedMessage: { message: { conversation: "texto corrigido" } } } } },
    ]);
    await t.conn.settled();
    expect(t.of("edit")).toEqual([{ type: "edit", wid: "W1", body: "texto corrigido" }]);
    expect(t.messages()).toEqual([]);
  });

  it("reads an edit that only arrives as messages.update", async () => {
    const t = await connected();
    t.sock().emit("messages.update", [
      { key: { remoteJid: CUSTOMER.lid, id: "W9", fromMe: false }, update: { message: { editedMessage: { message: { extendedTextMessage: { text: "novo" } } } } } },
    ]);
    await t.conn.settled();
    expect(t.of("edit")).toEqual([{ type: "edit", wid: "W9", body: "novo" }]);
  });

  it("turns a REVOKE into one delete", async () => {
    const t = await connected();
    t.sock().upsert([inbound("X1", { protocolMessage: { type: proto.Message.ProtocolMessage.Type.REVOKE, key: { id: "W1", remoteJid: CUSTOMER.lid } } })]);
    t.sock().emit("messages.update", [
      { key: { remoteJid: CUSTOMER.lid, id: "W1", fromMe: false }, update: { message: null, messageStubType: proto.WebMessageInfo.StubType.REVOKE } },
    ]);
    await t.conn.settled();
    expect(t.of("delete")).toEqual([{ type: "delete", wid: "W1" }]);
  });

  it("logs an offered call as a call_log message; other call states add nothing", async () => {
    const t = await connected();
    const call = { chatId: CUSTOMER.lid, from: CUSTOMER.lid, callerPn: CUSTOMER.pn, id: "CALL1", date: new Date(T * 1000), offline: false };
    t.sock().emit("call", [{ ...call, status: "offer", isVideo: true, isGroup: false }]);
    t.sock().emit("call", [{ ...call, status: "ringing" }]);
    t.sock().emit("call", [{ ...call, status: "terminate" }]);
    t.sock().emit("call", [{ ...call, id: "CALL2", status: "offer", offline: true }]);
    await t.conn.settled();
    expect(t.messages()).toEqual([
      {
        wid: "CALL1",
        chatId: "5511988887777",
        isGroup: false,
        from: { number: "5511988887777", lid: "118000000000001@lid" },
        fromMe: false,
        body: "video",
        mediaType: "call_log",
        timestamp: new Date(T * 1000),
      },
      expect.objectContaining({ wid: "CALL2", body: "voice", fromHistory: true }),
    ]);
  });
});

describe("beta contacts", () => {
  it("reports names and picture URLs, by phone number; a changed picture is asked, a removed one cleared", async () => {
    const t = await connected();
    t.world.pictures.set("5511966665555", "https://pps.whatsapp.net/v/beto-novo.jpg");
    t.sock().emit("contacts.upsert", [
      { id: CUSTOMER.pn, lid: CUSTOMER.lid, name: "Ana (agenda)", notify: "Ana" },
      { id: "5511966665555@s.whatsapp.net", notify: "Beto", imgUrl: "https://pps.whatsapp.net/v/beto.jpg" },
      { id: "120363041234567890@g.us", name: "Um grupo" },
    ]);
    t.sock().emit("contacts.update", [
      { id: "5511966665555@s.whatsapp.net", imgUrl: "changed" },
      { id: "5511955554444@s.whatsapp.net", imgUrl: "https://pps.whatsapp.net/v/caio.jpg" },
      // what Baileys reports when a contact removes the picture: never a URL
      { id: "5511944443333@s.whatsapp.net", imgUrl: "removed" },
    ]);
    await t.conn.settled();
    const contacts = t.of("contact");
    expect(contacts).toHaveLength(5);
    expect(contacts).toEqual(
      expect.arrayContaining([
        { type: "contact", number: "5511988887777", name: "Ana (agenda)" },
        { type: "contact", number: "5511966665555", name: "Beto", profilePicUrl: "https://pps.whatsapp.net/v/beto.jpg" },
        { type: "contact", number: "5511955554444", profilePicUrl: "https://pps.whatsapp.net/v/caio.jpg" },
        { type: "contact", number: "5511944443333", profilePicUrl: "" },
        { type: "contact", number: "5511966665555", profilePicUrl: "https://pps.whatsapp.net/v/beto-novo.jpg" },
      ]),
    );
    expect(t.sock().pictureQueries).toEqual(["5511966665555@s.whatsapp.net"]);
  });
});
