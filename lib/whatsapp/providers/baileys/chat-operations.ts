import { AppError } from "@/lib/api/errors";
import type { OutboundMessage, WhatsAppConnection } from "../../types";
import { boundedMap, boundedSet } from "./bounded";
import { chatJid } from "./jids";
import type { ConnectionLog } from "./logger";
import { createNumberChecker } from "./number-check";
import { buildOutbound } from "./outbound";
import type { SentMessages } from "./sent-messages";
import { isSocketClosed } from "./socket-closed";
import type { BaileysSocket } from "./socket-types";

type Operations = Pick<WhatsAppConnection, "checkNumber" | "send" | "markRead" | "edit" | "deleteForEveryone">;

/**
 * What agents do through a connected socket: send (after checking a new number), read receipts,
 * edits and deletes. Every call on a socket that is not open answers ERR_WAPP_NOT_INITIALIZED, and
 * so does one that failed because the socket dropped meanwhile: the worker stops sending until it
 * is back, instead of spending the row's attempts on a dead socket.
 */
export function createChatOperations(opts: {
  companyId: number;
  connected: () => BaileysSocket;
  now: () => Date;
  log: ConnectionLog;
  sentMessages: SentMessages;
}) {
  const { companyId, connected, log, sentMessages } = opts;
  const numbers = createNumberChecker(connected, opts.now);
  // Baileys echoes our sends back as upserts: the outbox row exists, the echo is skipped
  const sentByUs = boundedSet();
  // the JID each chat last wrote from (a LID, often): receipts, edits and deletes go back to it
  const chatJids = boundedMap<string>();
  const jidOf = (chatId: string) => chatJids.get(chatId) ?? chatJid(chatId);

  /** the error a failed send answers: `code`, unless the socket dropped (Baileys' 428, or closed since) */
  function failure(what: string, err: unknown, code: string): AppError {
    let open = true;
    try {
      connected();
    } catch {
      open = false;
    }
    if (open && !isSocketClosed(err)) {
      log.error(`${what} failed`, err);
      return new AppError(code);
    }
    log.warn(`${what} failed: the socket dropped (${(err as Error).message})`);
    return new AppError("ERR_WAPP_NOT_INITIALIZED");
  }

  const operations: Operations = {
    checkNumber: (number) => numbers.check(number),

    async send(msg: OutboundMessage) {
      const socket = connected();
      // spec: a number with no chat yet is checked first (ERR_WAPP_INVALID_CONTACT / _CHECK_CONTACT)
      const jid = msg.isGroup ? chatJid(msg.to, true) : chatJid(await numbers.check(msg.to), false);
      const { content, options } = await buildOutbound(companyId, msg, jid);
      sentByUs.add(msg.wid);
      let sent;
      try {
        sent = await socket.sendMessage(jid, content, options);
      } catch (err) {
        throw failure(`sending ${msg.wid}`, err, "ERR_SENDING_WAPP_MSG");
      }
      // kept for WhatsApp's retry requests (getMessage); never throws, the send already happened
      if (sent?.message) await sentMessages.save(msg.wid, sent.message);
      return { wid: sent?.key.id ?? msg.wid };
    },

    async markRead(chatId, wids) {
      const socket = connected();
      const remoteJid = jidOf(chatId);
      // a lost read receipt is not worth failing the agent's action for
      await socket
        .readMessages(wids.map((id) => ({ remoteJid, id, fromMe: false })))
        .catch((err: unknown) => log.warn(`read receipts for ${chatId} failed: ${(err as Error).message}`));
    },

    async edit(chatId, wid, body) {
      const socket = connected();
      const remoteJid = jidOf(chatId);
      try {
        await socket.sendMessage(remoteJid, { text: body, edit: { remoteJid, id: wid, fromMe: true } });
      } catch (err) {
        throw failure(`editing ${wid}`, err, "ERR_SENDING_WAPP_MSG");
      }
    },

    async deleteForEveryone(chatId, wid, fromMe) {
      const socket = connected();
      const remoteJid = jidOf(chatId);
      try {
        await socket.sendMessage(remoteJid, { delete: { remoteJid, id: wid, fromMe } });
      } catch (err) {
        throw failure(`deleting ${wid}`, err, "ERR_DELETE_WAPP_MSG");
      }
    },
  };

  return {
    operations,
    sentByUs,
    rememberChat: (chatId: string, jid: string) => chatJids.set(chatId, jid),
    forget: () => numbers.forget(),
  };
}
