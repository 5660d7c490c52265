import { proto } from "@whiskeysockets/baileys";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { InboundMessage } from "@/lib/whatsapp/types";
import { ME, startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";

// Baileys 7 addresses chats by LID. A LID's digits look like a phone number but are not one:
// the product must only ever see the phone number, with the LID kept beside it in from.lid.
const LID_USER = "203040506070809";
const LID = `${LID_USER}@lid`;
const NUMBER = "5521977776666";

let warn: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(console, "info").mockImplementation(() => {});
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});

const text = (id: string, key: Record<string, unknown> = {}) =>
  waMessage({ key: { remoteJid: LID, fromMe: false, id, addressingMode: "lid", ...key }, messageTimestamp: Math.floor(Date.now() / 1000), pushName: "Cliente", message: { conversation: `msg ${id}` } });

async function connected() {
  const t = await startFakeConnection();
  t.sock().open();
  await t.conn.settled();
  return t;
}

const noLidAsNumber = (messages: InboundMessage[]) => {
  for (const m of messages) {
    expect(m.chatId).not.toContain(LID_USER);
    expect(m.from.number).not.toContain(LID_USER);
  }
};

describe("beta LIDs", () => {
  it("takes the number from remoteJidAlt when WhatsApp sends it", async () => {
    const t = await connected();
    t.sock().upsert([text("A", { remoteJidAlt: `${NUMBER}@s.whatsapp.net` })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ chatId: NUMBER, from: { number: NUMBER, lid: LID } });
  });

  it("asks Baileys' lid-mapping store when the key has no alternate JID (dropping the :0 device)", async () => {
    const t = await connected();
    t.world.lidMap.set(LID_USER, NUMBER);
    t.sock().upsert([text("B")]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ chatId: NUMBER, from: { number: NUMBER, lid: LID } });
  });

  it("keeps a PN-addressed chat's LID when the key carries it as the alternate", async () => {
    const t = await connected();
    t.sock().upsert([text("C", { remoteJid: `${NUMBER}@s.whatsapp.net`, remoteJidAlt: LID, addressingMode: "pn" })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ chatId: NUMBER, from: { number: NUMBER, lid: LID } });
  });

  it("holds an unmappable LID's message with a log line, and delivers it once lid-mapping.update names the number", async () => {
    const t = await connected();
    t.sock().upsert([text("D1"), text("D2")]);
    await t.conn.settled();
    expect(t.messages()).toEqual([]);
    expect(warn).toHaveBeenCalledWith("[baileys 3]", expect.stringMatching(/D1 held: no phone number is known for 203040506070809@lid/));

    t.sock().emit("lid-mapping.update", { lid: LID, pn: `${NUMBER}@s.whatsapp.net` });
    await t.conn.settled();
    expect(t.messages().map((m) => [m.wid, m.chatId, m.from.lid])).toEqual([
      ["D1", NUMBER, LID],
      ["D2", NUMBER, LID],
    ]);
    noLidAsNumber(t.messages());
  });

  it("accepts a lid-mapping.update with the pair the other way round, as Baileys does", async () => {
    const t = await connected();
    t.sock().upsert([text("R1")]);
    await t.conn.settled();
    t.sock().emit("lid-mapping.update", { lid: `${NUMBER}@s.whatsapp.net`, pn: LID });
    await t.conn.settled();
    expect(t.messages().map((m) => [m.wid, m.chatId])).toEqual([["R1", NUMBER]]);
  });

  it("releases held messages when a contact update pairs the LID with a number", async () => {
    const t = await connected();
    t.sock().upsert([text("E1")]);
    await t.conn.settled();
    t.sock().emit("contacts.upsert", [{ id: LID, phoneNumber: `${NUMBER}@s.whatsapp.net`, notify: "Cliente" }]);
    await t.conn.settled();
    expect(t.messages().map((m) => m.chatId)).toEqual([NUMBER]);
    // (then the picture asked on the contact's first message: none here)
    expect(t.of("contact")).toEqual([
      { type: "contact", number: NUMBER, name: "Cliente" },
      { type: "contact", number: NUMBER, profilePicUrl: "" },
    ]);
  });

  it("never turns an unmapped LID into a number: group participants, calls and contacts included", async () => {
    const t = await connected();
    t.sock().upsert([
      waMessage({ key: { remoteJid: "120363041234567890@g.us", id: "G1", fromMe: false, participant: LID }, message: { conversation: "oi" } }),
    ]);
    t.sock().emit("call", [{ chatId: LID, from: LID, id: "CALL1", date: new Date(), offline: false, status: "offer" }]);
    t.sock().emit("contacts.upsert", [{ id: LID, notify: "Sem número" }]);
    await t.conn.settled();
    expect(t.events.filter((e) => e.type !== "status")).toEqual([]);
    expect(JSON.stringify(t.events)).not.toContain(LID_USER);
  });

  it("does not take our own number from remoteJidAlt on a message we sent from the phone", async () => {
    const t = await connected();
    t.world.lidMap.set(LID_USER, NUMBER);
    // on our own messages the alternate JID can be the sender's (ours), not the chat's
    t.sock().upsert([text("F1", { fromMe: true, remoteJidAlt: ME.id.replace(":7", "") })]);
    await t.conn.settled();
    expect(t.messages()[0]).toMatchObject({ wid: "F1", fromMe: true, chatId: NUMBER, from: { number: NUMBER } });
  });

  it("learns mappings from history sync", async () => {
    const t = await connected();
    t.sock().emit("messaging-history.set", {
      chats: [],
      contacts: [],
      messages: [text("H1")],
      lidPnMappings: [{ lid: LID, pn: `${NUMBER}@s.whatsapp.net` }],
      syncType: proto.HistorySync.HistorySyncType.RECENT,
    });
    await t.conn.settled();
    expect(t.messages().map((m) => [m.wid, m.chatId, m.fromHistory])).toEqual([["H1", NUMBER, true]]);
  });
});
