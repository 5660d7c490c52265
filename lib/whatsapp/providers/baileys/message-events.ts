import { proto, toNumber, type BaileysEventMap, type Contact, type WACallEvent, type WAMessage } from "@whiskeysockets/baileys";
import type { ProviderEvent } from "../../types";
import { ackFromReceipt, ackFromStatus } from "./acks";
import { boundedMap, boundedSet } from "./bounded";
import { isGroupJid, isLidJid, isPhoneJid, userOf } from "./jids";
import { readInbound, type InboundDeps } from "./inbound";
import type { ConnectionLog } from "./logger";
import { textOf } from "./message-content";

type Events = Partial<BaileysEventMap>;
type Held = { message: WAMessage; fromHistory: boolean };

export type MessageEventsDeps = InboundDeps & {
  emit: (event: ProviderEvent) => Promise<void>;
  /** wids this connection sent: Baileys echoes them back as upserts, the outbox row already exists */
  sentByUs: { has: (wid: string) => boolean };
  /** history sync only imports messages younger than this (what arrived while we were away) */
  historyMaxAgeMs: number;
  /** remembers the JID a chat was addressed by (a LID, often), for read receipts and deletes */
  rememberChat: (chatId: string, jid: string) => void;
  log: ConnectionLog;
};

// held messages live in memory: at most 500 LIDs, the last 50 messages of each
const HELD_LIDS = 500;
const HELD_PER_LID = 50;

/**
 * Everything Baileys reports about messages, calls and contacts, turned into ProviderEvents:
 * messages.upsert (notify: live, append: received while away), messaging-history.set,
 * messages.update (acks, edits, revokes), message-receipt.update (group acks), call offers as
 * call_log messages, contacts, and lid-mapping.update (which releases messages held for a LID).
 */
export function createMessageEvents(deps: MessageEventsDeps) {
  const { emit, log, resolver } = deps;
  const held = boundedMap<Held[]>(HELD_LIDS);
  // Baileys reports an edit or a revoke twice (the protocol message upsert and a messages.update)
  const seen = boundedSet();

  const emitOnce = (key: string, event: ProviderEvent) => (seen.add(key) ? emit(event) : undefined);

  // one message failing (a lookup, a bad shape) must not lose the rest of its batch
  async function receive(message: WAMessage, fromHistory: boolean) {
    try {
      await receiveOne(message, fromHistory);
    } catch (err) {
      log.error(`message ${message.key?.id} could not be read`, err);
    }
  }

  async function receiveOne(message: WAMessage, fromHistory: boolean) {
    if (message.key?.fromMe && message.key.id && deps.sentByUs.has(message.key.id)) return;
    const out = await readInbound(message, fromHistory, deps);
    switch (out.kind) {
      case "message":
        if (!out.message.isGroup && message.key.remoteJid) deps.rememberChat(out.message.chatId, message.key.remoteJid);
        return emit({ type: "message", message: out.message });
      case "edit":
        return emitOnce(`edit:${out.wid}:${out.body}`, { type: "edit", wid: out.wid, body: out.body });
      case "delete":
        return emitOnce(`delete:${out.wid}`, { type: "delete", wid: out.wid });
      case "unmapped": {
        // never a LID as a number: keep the message until WhatsApp tells us whose LID it is
        const lidUser = userOf(out.lid);
        held.set(lidUser, [...(held.get(lidUser) ?? []), { message, fromHistory }].slice(-HELD_PER_LID));
        log.warn(`message ${message.key.id} held: no phone number is known for ${out.lid} yet`);
        return;
      }
    }
  }

  async function release(lid: string | null | undefined) {
    const lidUser = userOf(lid);
    const waiting = lidUser ? held.get(lidUser) : undefined;
    if (!waiting) return;
    held.delete(lidUser);
    for (const h of waiting) await receive(h.message, h.fromHistory);
  }

  async function learn(lid: string | null | undefined, pn: string | null | undefined) {
    resolver.learn(lid, pn);
    await release(isLidJid(lid) ? lid : pn);
  }

  async function history(set: NonNullable<Events["messaging-history.set"]>) {
    for (const m of set.lidPnMappings ?? []) resolver.learn(m.lid, m.pn);
    const oldest = deps.now().getTime() - deps.historyMaxAgeMs;
    for (const m of set.messages) {
      if (toNumber(m.messageTimestamp ?? 0) * 1000 >= oldest) await receive(m, true);
    }
  }

  async function updates(list: NonNullable<Events["messages.update"]>) {
    for (const { key, update } of list) {
      const wid = key.id;
      if (!wid) continue;
      const ack = key.fromMe ? ackFromStatus(update.status) : null;
      if (ack) await emit({ type: "ack", wid, ack });
      const edited = update.message?.editedMessage?.message;
      if (edited) await emitOnce(`edit:${wid}:${textOf(edited)}`, { type: "edit", wid, body: textOf(edited) });
      if (update.messageStubType === proto.WebMessageInfo.StubType.REVOKE) {
        await emitOnce(`delete:${wid}`, { type: "delete", wid });
      }
    }
  }

  async function receipts(list: NonNullable<Events["message-receipt.update"]>) {
    for (const { key, receipt } of list) {
      const ack = key.fromMe && key.id ? ackFromReceipt(receipt) : null;
      if (ack) await emit({ type: "ack", wid: key.id!, ack });
    }
  }

  // spec: calls show as a line in the chat; only the offer makes one (ringing, accept... do not)
  async function calls(list: WACallEvent[]) {
    for (const call of list) {
      if (call.status !== "offer") continue;
      const person = await resolver.resolve(call.from, call.callerPn);
      if (!person) {
        log.warn(`call ${call.id} not logged: no phone number is known for ${call.from}`);
        continue;
      }
      const isGroup = !!call.isGroup && !!call.groupJid;
      await emit({
        type: "message",
        message: {
          wid: call.id,
          chatId: isGroup ? userOf(call.groupJid) : person.number,
          isGroup,
          from: person,
          fromMe: false,
          body: call.isVideo ? "video" : "voice",
          mediaType: "call_log",
          timestamp: call.date instanceof Date ? call.date : deps.now(),
          ...(call.offline ? { fromHistory: true } : {}),
        },
      });
    }
  }

  async function contacts(list: Partial<Contact>[]) {
    for (const c of list) {
      if (!c.id || isGroupJid(c.id)) continue;
      const lid = c.lid ?? (isLidJid(c.id) ? c.id : undefined);
      const pn = c.phoneNumber ?? (isPhoneJid(c.id) ? c.id : undefined);
      if (lid && pn) await learn(lid, pn);
      const person = await resolver.resolve(c.id, c.phoneNumber ?? c.lid);
      if (!person) continue;
      const name = c.name || c.notify || c.verifiedName || undefined;
      // 'changed' only says the picture changed; null means the default picture
      const profilePicUrl = c.imgUrl && c.imgUrl !== "changed" ? c.imgUrl : undefined;
      if (name || profilePicUrl) {
        await emit({ type: "contact", number: person.number, ...(name ? { name } : {}), ...(profilePicUrl ? { profilePicUrl } : {}) });
      }
    }
  }

  /** Handles one batch from sock.ev.process, in the order that keeps acks after their message. */
  async function handle(events: Events) {
    const mapping = events["lid-mapping.update"];
    if (mapping) await learn(mapping.lid, mapping.pn);
    if (events["messaging-history.set"]) await history(events["messaging-history.set"]);
    const upsert = events["messages.upsert"];
    if (upsert) for (const m of upsert.messages) await receive(m, upsert.type !== "notify");
    if (events["messages.update"]) await updates(events["messages.update"]);
    if (events["message-receipt.update"]) await receipts(events["message-receipt.update"]);
    if (events.call) await calls(events.call);
    if (events["contacts.upsert"]) await contacts(events["contacts.upsert"]);
    if (events["contacts.update"]) await contacts(events["contacts.update"]);
  }

  return { handle };
}
