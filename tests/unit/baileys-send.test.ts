import { proto } from "@whiskeysockets/baileys";
import { describe, expect, it, vi } from "vitest";
import { saveMedia } from "@/lib/storage";
import type { OutboundMessage } from "@/lib/whatsapp/types";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";
import { withTempStorage } from "../helpers/temp-storage";

const NUMBER = "5511988887777";
const Status = proto.WebMessageInfo.Status;

withTempStorage("baileys-send-", ["info", "warn", "error"]);

async function connected() {
  const t = await startFakeConnection();
  t.world.registered.set(NUMBER, NUMBER);
  t.sock().open();
  await t.conn.settled();
  return t;
}

const text = (over: Partial<OutboundMessage> = {}): OutboundMessage => ({ wid: "OUT1", to: NUMBER, isGroup: false, body: "Olá!", ...over });

describe("beta send: checks", () => {
  it("answers ERR_WAPP_NOT_INITIALIZED before the socket is open, and after it closes", async () => {
    const t = await startFakeConnection();
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    t.sock().open();
    t.sock().close(428);
    await t.conn.settled();
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await expect(t.conn.markRead(NUMBER, ["X"])).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await t.conn.stop();
  });

  it("answers ERR_WAPP_INVALID_CONTACT for a number not on WhatsApp, and sends nothing", async () => {
    const t = await connected();
    await expect(t.conn.send(text({ to: "5511900001111" }))).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await expect(t.conn.checkNumber("")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    expect(t.sock().sent).toEqual([]);
  });

  it("answers ERR_WAPP_CHECK_CONTACT when the check itself fails", async () => {
    const t = await connected();
    t.world.checkError = new Error("timed out");
    await expect(t.conn.send(text({ to: "5511911112222" }))).rejects.toMatchObject({ code: "ERR_WAPP_CHECK_CONTACT" });
    expect(t.sock().sent).toEqual([]);
  });

  it("caches positive checks only, and answers WhatsApp's own form of the number", async () => {
    const t = await connected();
    t.world.registered.set("5511999998888", "551199998888");
    expect(await t.conn.checkNumber("+55 (11) 99999-8888")).toBe("551199998888");
    expect(await t.conn.checkNumber("5511999998888")).toBe("551199998888");
    await expect(t.conn.checkNumber("5511900001111")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    await expect(t.conn.checkNumber("5511900001111")).rejects.toMatchObject({ code: "ERR_WAPP_INVALID_CONTACT" });
    expect(t.sock().checks).toEqual(["5511999998888@s.whatsapp.net", "5511900001111@s.whatsapp.net", "5511900001111@s.whatsapp.net"]);
  });
});

describe("beta send: messages", () => {
  it("sends text with the outbox wid as messageId and skips Baileys' echo of it", async () => {
    const t = await connected();
    expect(await t.conn.send(text())).toEqual({ wid: "OUT1" });
    expect(t.sock().sent).toEqual([{ jid: `${NUMBER}@s.whatsapp.net`, content: { text: "Olá!" }, options: { messageId: "OUT1" } }]);
    await new Promise((r) => setImmediate(r));
    await t.conn.settled();
    expect(t.messages()).toEqual([]);
  });

  it("sends to a group without a number check", async () => {
    const t = await connected();
    await t.conn.send(text({ to: "120363041234567890", isGroup: true }));
    expect(t.sock().sent[0].jid).toBe("120363041234567890@g.us");
    expect(t.sock().checks).toEqual([]);
  });

  it("sends stored media with captions, voice notes and documents with their names", async () => {
    const t = await connected();
    const image = await saveMedia(7, Buffer.from("jpeg-bytes"), { mimetype: "image/jpeg", filename: "foto.jpg" });
    const audio = await saveMedia(7, Buffer.from("ogg-bytes"), { mimetype: "audio/ogg", filename: "voz.ogg" });
    const doc = await saveMedia(7, Buffer.from("pdf-bytes"), { mimetype: "application/pdf", filename: "boleto.pdf" });
    await t.conn.send(text({ wid: "I1", body: "legenda", media: { ...image, type: "image" } }));
    await t.conn.send(text({ wid: "A1", body: "", media: { ...audio, type: "audio", ptt: true } }));
    await t.conn.send(text({ wid: "D1", body: "segue", media: { ...doc, type: "document" } }));
    const [i, a, d] = t.sock().sent;
    expect(i.content).toEqual({ image: Buffer.from("jpeg-bytes"), caption: "legenda", mimetype: "image/jpeg" });
    expect(a.content).toEqual({ audio: Buffer.from("ogg-bytes"), ptt: true, mimetype: "audio/ogg" });
    expect(d.content).toEqual({ document: Buffer.from("pdf-bytes"), mimetype: "application/pdf", fileName: "boleto.pdf", caption: "segue" });
    expect([i, a, d].map((s) => s.options?.messageId)).toEqual(["I1", "A1", "D1"]);
  });

  it("refuses a file of another company (ERR_SENDING_WAPP_MSG)", async () => {
    const t = await connected();
    const other = await saveMedia(8, Buffer.from("x"), { mimetype: "image/jpeg", filename: "x.jpg" });
    await expect(t.conn.send(text({ media: { ...other, type: "image" } }))).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG" });
    expect(t.sock().sent).toEqual([]);
  });

  it("replies quoting the given message", async () => {
    const t = await connected();
    await t.conn.send(text({ wid: "R1", body: "Respondendo", quoted: { wid: "IN9", fromMe: false, body: "Qual o prazo?" } }));
    await t.conn.send(text({ wid: "R2", to: "120363041234567890", isGroup: true, quoted: { wid: "IN8", fromMe: false, body: "oi", participant: NUMBER } }));
    const [r1, r2] = t.sock().sent;
    expect(r1.options).toEqual({
      messageId: "R1",
      quoted: { key: { remoteJid: `${NUMBER}@s.whatsapp.net`, fromMe: false, id: "IN9" }, message: { conversation: "Qual o prazo?" } },
    });
    expect(r2.options?.quoted?.key).toEqual({ remoteJid: "120363041234567890@g.us", fromMe: false, id: "IN8", participant: `${NUMBER}@s.whatsapp.net` });
  });

  it("answers ERR_SENDING_WAPP_MSG when Baileys fails to send", async () => {
    const t = await connected();
    t.world.sendError = new Error("socket hang up");
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG" });
  });

  it("marks read, edits and deletes on the JID the chat wrote from (its LID)", async () => {
    const t = await connected();
    const lid = "118000000000001@lid";
    t.sock().upsert([waMessage({ key: { remoteJid: lid, remoteJidAlt: `${NUMBER}@s.whatsapp.net`, id: "IN1", fromMe: false }, message: { conversation: "oi" } })]);
    await t.conn.settled();
    await t.conn.markRead(NUMBER, ["IN1"]);
    await t.conn.edit(NUMBER, "OUT1", "corrigido");
    await t.conn.deleteForEveryone(NUMBER, "OUT1", true);
    expect(t.sock().reads).toEqual([[{ remoteJid: lid, id: "IN1", fromMe: false }]]);
    expect(t.sock().sent.map((s) => [s.jid, s.content])).toEqual([
      [lid, { text: "corrigido", edit: { remoteJid: lid, id: "OUT1", fromMe: true } }],
      [lid, { delete: { remoteJid: lid, id: "OUT1", fromMe: true } }],
    ]);
    t.world.sendError = new Error("nope");
    await expect(t.conn.deleteForEveryone(NUMBER, "OUT1", true)).rejects.toMatchObject({ code: "ERR_DELETE_WAPP_MSG" });
  });
});

describe("beta send: WhatsApp's retries", () => {
  it("keeps each sent message so getMessage answers it, text and media alike", async () => {
    const t = await connected();
    const image = await saveMedia(7, Buffer.from("jpeg-bytes"), { mimetype: "image/jpeg", filename: "foto.jpg" });
    await t.conn.send(text({ wid: "T1", body: "Olá!" }));
    await t.conn.send(text({ wid: "I2", body: "legenda", media: { ...image, type: "image" } }));
    const getMessage = t.sock().config.getMessage!;
    expect(await getMessage({ remoteJid: `${NUMBER}@s.whatsapp.net`, id: "T1", fromMe: true })).toMatchObject({
      extendedTextMessage: { text: "Olá!" },
    });
    const img = await getMessage({ remoteJid: `${NUMBER}@s.whatsapp.net`, id: "I2", fromMe: true });
    expect(img?.imageMessage).toMatchObject({ caption: "legenda", mimetype: "image/jpeg" });
    expect(Buffer.from(img!.imageMessage!.mediaKey!)).toHaveLength(32);
    // Baileys' example answers an empty message on a miss; the phone would show it as sent
    expect(await getMessage({ remoteJid: `${NUMBER}@s.whatsapp.net`, id: "NOPE", fromMe: true })).toBeUndefined();
  });

  it("still answers the send when keeping the message fails", async () => {
    const failing = { save: vi.fn(async () => {}), getMessage: async () => undefined };
    const t = await startFakeConnection({ sentMessages: failing });
    t.world.registered.set(NUMBER, NUMBER);
    t.sock().open();
    await t.conn.settled();
    expect(await t.conn.send(text())).toEqual({ wid: "OUT1" });
    expect(failing.save).toHaveBeenCalledWith("OUT1", expect.objectContaining({ extendedTextMessage: expect.objectContaining({ text: "Olá!" }) }));
  });
});

describe("beta acks", () => {
  it("maps messages.update statuses of our messages to acks 1..4", async () => {
    const t = await connected();
    const key = (id: string, fromMe = true) => ({ remoteJid: `${NUMBER}@s.whatsapp.net`, id, fromMe });
    t.sock().emit("messages.update", [
      { key: key("O1"), update: { status: Status.PENDING } },
      { key: key("O1"), update: { status: Status.SERVER_ACK } },
      { key: key("O1"), update: { status: Status.DELIVERY_ACK } },
      { key: key("O1"), update: { status: Status.READ } },
      { key: key("O2"), update: { status: Status.PLAYED } },
      { key: key("O3"), update: { status: Status.ERROR } },
      // another device of ours read a customer's message: not an ack of ours
      { key: key("IN1", false), update: { status: Status.READ } },
    ]);
    await t.conn.settled();
    expect(t.of("ack")).toEqual([
      { type: "ack", wid: "O1", ack: 1 },
      { type: "ack", wid: "O1", ack: 2 },
      { type: "ack", wid: "O1", ack: 3 },
      { type: "ack", wid: "O2", ack: 4 },
    ]);
  });

  it("maps message-receipt.update (groups) to acks", async () => {
    const t = await connected();
    const key = { remoteJid: "120363041234567890@g.us", fromMe: true, participant: "118000000000001@lid" };
    t.sock().emit("message-receipt.update", [
      { key: { ...key, id: "G1" }, receipt: { userJid: "118000000000001@lid", receiptTimestamp: 1_760_000_000 } },
      { key: { ...key, id: "G1" }, receipt: { userJid: "118000000000001@lid", readTimestamp: 1_760_000_100 } },
      { key: { ...key, id: "G2" }, receipt: { userJid: "118000000000001@lid", playedTimestamp: 1_760_000_200 } },
      { key: { ...key, id: "G3", fromMe: false }, receipt: { userJid: "118000000000001@lid", readTimestamp: 1 } },
    ]);
    await t.conn.settled();
    expect(t.of("ack")).toEqual([
      { type: "ack", wid: "G1", ack: 2 },
      { type: "ack", wid: "G1", ack: 3 },
      { type: "ack", wid: "G2", ack: 4 },
    ]);
  });
});
