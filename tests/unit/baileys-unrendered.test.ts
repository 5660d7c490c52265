import { proto, type WAMessageKey } from "@whiskeysockets/baileys";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { IGNORED_CONTENT } from "@/lib/whatsapp/providers/baileys/unrendered";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";

// Issue 33 §8: what a customer sends that we do not render is stored as a placeholder naming it;
// the housekeeping contents on IGNORED_CONTENT stay ignored.

const CUSTOMER = { lid: "118000000000001@lid", pn: "5511988887777@s.whatsapp.net" };
const T = 1_760_000_000;

let info: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  vi.restoreAllMocks();
  info = vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

const inbound = (id: string, message: proto.IMessage, key: Partial<WAMessageKey> = {}, at = T) =>
  waMessage({
    key: { remoteJid: CUSTOMER.lid, remoteJidAlt: CUSTOMER.pn, addressingMode: "lid", fromMe: false, id, ...key },
    messageTimestamp: at,
    pushName: "Ana Cliente",
    message,
  });

async function connected() {
  const t = await startFakeConnection({ downloadMedia: async () => Buffer.from("media-bytes") });
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta inbound: contents we do not render", () => {
  it.each([
    ["a poll", { pollCreationMessageV3: { name: "Qual horário?", options: [{ optionName: "9h" }, { optionName: "14h" }], selectableOptionsCount: 1 } }, "pollCreationMessageV3", "[poll] Qual horário?"],
    ["an old poll", { pollCreationMessage: { name: "Sabor?", options: [{ optionName: "uva" }] } }, "pollCreationMessage", "[poll] Sabor?"],
    ["an event", { eventMessage: { name: "Reunião de obra", startTime: T + 86400 } }, "eventMessage", "[event] Reunião de obra"],
    ["an order", { orderMessage: { orderTitle: "Pedido 12", itemCount: 2 } }, "orderMessage", "[order] Pedido 12"],
    ["a group invite", { groupInviteMessage: { groupJid: "120363041234567890@g.us", inviteCode: "abc", groupName: "Família" } }, "groupInviteMessage", "[group invite] Família"],
    ["an unknown kind", { requestPhoneNumberMessage: {} }, "requestPhoneNumberMessage", "[requestPhoneNumberMessage]"],
  ] as const)("stores %s as a placeholder naming it, with a log line", async (_what, content, type, body) => {
    const t = await connected();
    t.sock().upsert([inbound("U1", content as proto.IMessage)]);
    await t.conn.settled();
    expect(t.messages()).toEqual([
      expect.objectContaining({ wid: "U1", chatId: "5511988887777", fromMe: false, body, mediaType: null, unrendered: type }),
    ]);
    expect(info).toHaveBeenCalledWith("[baileys 3]", `message U1 is a ${type}, not shown here: stored as a placeholder`);
  });

  it("ignores the contents on the one list: reactions, votes, protocol, key distribution, pins, album headers, stubs", async () => {
    const t = await connected();
    t.sock().upsert([
      inbound("I1", { reactionMessage: { key: { id: "W1", remoteJid: CUSTOMER.lid }, text: "👍" } }),
      inbound("I2", { encReactionMessage: { targetMessageKey: { id: "W1" }, encPayload: Buffer.from("x"), encIv: Buffer.from("y") } }),
      inbound("I3", { pollUpdateMessage: { pollCreationMessageKey: { id: "P1" }, vote: { encPayload: Buffer.from("x") } } }),
      inbound("I4", { encEventResponseMessage: { eventCreationMessageKey: { id: "E1" }, encPayload: Buffer.from("x") } }),
      inbound("I5", { protocolMessage: { type: proto.Message.ProtocolMessage.Type.EPHEMERAL_SETTING, ephemeralExpiration: 86400 } }),
      inbound("I6", { senderKeyDistributionMessage: { groupId: "120363041234567890@g.us", axolotlSenderKeyDistributionMessage: Buffer.from("k") } }),
      inbound("I7", { pinInChatMessage: { key: { id: "W1" }, type: proto.Message.PinInChatMessage.Type.PIN_FOR_ALL } }),
      inbound("I8", { keepInChatMessage: { key: { id: "W1" }, keepType: proto.KeepType.KEEP_FOR_ALL } }),
      inbound("I9", { albumMessage: { expectedImageCount: 2 } }),
      inbound("I10", { messageContextInfo: { messageSecret: Buffer.from("s") } }),
      waMessage({ key: { remoteJid: CUSTOMER.lid, id: "I11", fromMe: false }, messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT }),
    ]);
    await t.conn.settled();
    expect(t.events.filter((e) => e.type !== "status")).toEqual([]);
    expect([...IGNORED_CONTENT].sort()).toEqual(
      [
        "albumMessage", "encEventResponseMessage", "encReactionMessage", "fastRatchetKeySenderKeyDistributionMessage", "keepInChatMessage",
        "pinInChatMessage", "pollUpdateMessage", "protocolMessage", "reactionMessage", "senderKeyDistributionMessage",
      ].sort(),
    );
  });

  it("in a held batch gives the bot's turn to the newest message it can answer, not to a placeholder after it", async () => {
    const t = await connected();
    t.sock().upsert(
      [inbound("H1", { conversation: "oi, bom dia" }), inbound("H2", { pollCreationMessageV3: { name: "Qual horário?", options: [{ optionName: "9h" }] } }, {}, T + 5)],
      "append",
    );
    await t.conn.settled();
    expect(t.messages().map((m) => [m.wid, m.held?.botTurn])).toEqual([
      ["H1", true],
      ["H2", false],
    ]);
  });
});
