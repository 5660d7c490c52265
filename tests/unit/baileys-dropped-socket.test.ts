import { Boom } from "@hapi/boom";
import { DisconnectReason } from "@whiskeysockets/baileys";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { OutboundMessage } from "@/lib/whatsapp/types";
import { flush, startFakeConnection, waMessage, withQuietConnectionTests } from "../helpers/fake-baileys-socket";
import { memoryInbox } from "../helpers/memory-inbox";

// A send on a socket that has dropped must answer ERR_WAPP_NOT_INITIALIZED: the worker then stops
// sending and resumes on the next CONNECTED. Any other error is retried at once, and a row's five
// attempts went in well under a second on a socket Baileys had already closed.

withQuietConnectionTests();
beforeEach(() => void vi.spyOn(console, "error").mockImplementation(() => {}));

const NUMBER = "5511988887777";
const text = (wid = "OUT1"): OutboundMessage => ({ wid, to: NUMBER, isGroup: false, body: "Olá!" });
const closed = (message = "Connection Closed") => new Boom(message, { statusCode: DisconnectReason.connectionClosed });

async function connected(deps: Parameters<typeof startFakeConnection>[0] = {}) {
  const t = await startFakeConnection(deps);
  t.world.registered.set(NUMBER, NUMBER);
  t.sock().open();
  await t.conn.settled();
  return t;
}

describe("beta send: a socket that dropped", () => {
  it("knows of a close at once, while the event queue still waits on an inbox write", async () => {
    const inbox = memoryInbox();
    const t = await connected({ inbox });
    await t.conn.send(text("BEFORE"));
    // the database does not answer: the received message's write holds the event queue
    const write = inbox.hold;
    let answer = () => {};
    const answered = new Promise<void>((r) => (answer = r));
    inbox.hold = async (items) => {
      await answered;
      return write(items);
    };
    t.sock().upsert([waMessage({ key: { remoteJid: `${NUMBER}@s.whatsapp.net`, fromMe: false, id: "IN1" }, messageTimestamp: 1, message: { conversation: "oi" } })]);
    await flush();
    t.sock().close(DisconnectReason.connectionLost);
    await flush();
    // the queue has not reached the close: no status yet, but nothing is sent on the dead socket
    expect(t.of("status").at(-1)).toMatchObject({ status: "CONNECTED" });
    await expect(t.conn.send(text("AFTER"))).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await expect(t.conn.checkNumber("5511977776666")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(t.sock().sent.map((s) => s.options?.messageId)).toEqual(["BEFORE"]);
    answer();
    await t.conn.settled();
    expect(t.of("status").at(-1)).toMatchObject({ status: "TIMEOUT" });
    expect(inbox.rows.map((r) => r.wid)).toEqual(["IN1"]);
    await t.conn.stop();
  });

  it("refuses a send once the websocket is closed, before Baileys reports the close", async () => {
    const t = await connected();
    t.sock().ws.isOpen = false;
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    expect(t.sock().sent).toEqual([]);
  });

  it("answers ERR_WAPP_NOT_INITIALIZED for Baileys' Connection Closed and Connection Terminated (428)", async () => {
    const t = await connected();
    t.world.sendError = closed();
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    t.world.sendError = closed("Connection Terminated");
    await expect(t.conn.edit(NUMBER, "OUT1", "corrigido")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    t.world.sendError = new Error("Connection Terminated by Server");
    await expect(t.conn.deleteForEveryone(NUMBER, "OUT1", true)).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    // a failure of the send itself stays one
    t.world.sendError = new Error("socket hang up");
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_SENDING_WAPP_MSG" });
    t.world.sendError = new Error("nope");
    await expect(t.conn.deleteForEveryone(NUMBER, "OUT1", true)).rejects.toMatchObject({ code: "ERR_DELETE_WAPP_MSG" });
  });

  it("answers ERR_WAPP_NOT_INITIALIZED when the socket drops during the number check, not ERR_WAPP_CHECK_CONTACT", async () => {
    const t = await connected();
    t.world.checkError = closed();
    await expect(t.conn.send(text())).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    await expect(t.conn.checkNumber("5511977776666")).rejects.toMatchObject({ code: "ERR_WAPP_NOT_INITIALIZED" });
    t.world.checkError = new Error("timed out");
    await expect(t.conn.checkNumber("5511977776666")).rejects.toMatchObject({ code: "ERR_WAPP_CHECK_CONTACT" });
  });
});
