import { proto } from "@whiskeysockets/baileys";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { metrics } from "@/lib/observability/metrics";
import { startFakeConnection, waMessage } from "../helpers/fake-baileys-socket";

// Issue 33 §7: WhatsApp refusing one of our messages (a server NACK), and messages it delivered
// that could not be decrypted, as Baileys 7 reports them (Socket/messages-recv.js handleBadAck;
// Utils/decode-wa-message.js).
const NUMBER = "5511988887777";
const Status = proto.WebMessageInfo.Status;
const key = (id: string, fromMe = true) => ({ remoteJid: `${NUMBER}@s.whatsapp.net`, id, fromMe });

beforeEach(() => {
  vi.restoreAllMocks();
  vi.spyOn(console, "info").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "error").mockImplementation(() => {});
});

async function connected() {
  const t = await startFakeConnection();
  t.sock().open();
  await t.conn.settled();
  return t;
}

const counted = async (name: string, labels: string) => {
  const line = (await metrics().registry.metrics()).split("\n").find((l) => l.startsWith(`${name}${labels} `));
  return Number(line?.split(" ")[1] ?? 0);
};

describe("beta refusals", () => {
  it("turns messages.update status ERROR of our message into a `failed` event with WhatsApp's code", async () => {
    const t = await connected();
    t.sock().emit("messages.update", [
      { key: key("O1"), update: { status: Status.ERROR, messageStubParameters: ["463"] } },
      // a reach-out timelock: the code, then Baileys' text about the restriction
      { key: key("O2"), update: { status: Status.ERROR, messageStubParameters: ["463", "Account restricted"] } },
      { key: key("O3"), update: { status: Status.ERROR, messageStubParameters: ["479"] } },
      { key: key("O4"), update: { status: Status.ERROR } },
      // not ours: nothing of ours was refused
      { key: key("IN1", false), update: { status: Status.ERROR, messageStubParameters: ["463"] } },
    ]);
    await t.conn.settled();
    expect(t.of("failed")).toEqual([
      { type: "failed", wid: "O1", code: "463" },
      { type: "failed", wid: "O2", code: "463" },
      { type: "failed", wid: "O3", code: "479" },
      { type: "failed", wid: "O4", code: "" },
    ]);
    expect(t.of("ack")).toEqual([]);
  });

  it("counts undecryptable messages (CIPHERTEXT stubs) by reason on the worker's metrics", async () => {
    const t = await connected();
    const stub = (id: string, reason: string) =>
      waMessage({
        key: { remoteJid: `${NUMBER}@s.whatsapp.net`, id, fromMe: false },
        messageTimestamp: 1_760_000_000,
        messageStubType: proto.WebMessageInfo.StubType.CIPHERTEXT,
        messageStubParameters: [reason],
      });
    const badMac = await counted("whatsapp_messages_undecryptable_total", '{reason="bad_mac"}');
    const noSession = await counted("whatsapp_messages_undecryptable_total", '{reason="no_session"}');
    t.sock().upsert([stub("C1", "Bad MAC"), stub("C2", "Bad MAC Error: Bad MAC"), stub("C3", "No session record")]);
    t.sock().upsert([waMessage({ key: key("W1", false), messageTimestamp: 1_760_000_000, message: { conversation: "oi" } })]);
    await t.conn.settled();
    expect(await counted("whatsapp_messages_undecryptable_total", '{reason="bad_mac"}')).toBe(badMac + 2);
    expect(await counted("whatsapp_messages_undecryptable_total", '{reason="no_session"}')).toBe(noSession + 1);
  });
});
