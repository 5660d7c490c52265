import { proto, toNumber, type BaileysEventMap, type Contact, type WACallEvent, type WAMessage } from "@whiskeysockets/baileys";
import type { ProviderEvent } from "../../types";
import { ackFromReceipt, ackFromStatus, refusalCode } from "./acks";
import type { InboxOutcome } from "@/lib/whatsapp/worker/inbox-drain";
import type { InboxItem, InboxRow } from "@/lib/whatsapp/worker/inbox-store";
import { boundedSet } from "./bounded";
import type { GroupMetadataCache } from "./group-metadata";
import { inboxItems, reviveMessage } from "./inbox-items";
import { chatJid, isGroupJid, isLidJid, isPhoneJid, userOf } from "./jids";
import { readInbound, type InboundDeps } from "./inbound";
import type { ConnectionLog } from "./logger";
import { textOf } from "./message-content";
import type { ProfilePictures } from "./profile-pictures";
import { countUndecryptable } from "./undecryptable";

type Events = Partial<BaileysEventMap>;

export type MessageEventsDeps = InboundDeps & {
  emit: (event: ProviderEvent) => Promise<void>;
  /** wids this connection sent: Baileys echoes them back as upserts, the outbox row already exists */
  sentByUs: { has: (wid: string) => boolean };
  /** history sync only imports messages younger than this (what arrived while we were away) */
  historyMaxAgeMs: number;
  /** remembers the JID a chat was addressed by (a LID, often), for read receipts and deletes */
  rememberChat: (chatId: string, jid: string) => void;
  /** writes received messages to the inbox (lib/whatsapp/worker/inbox-store.ts), before anything else */
  hold: (items: InboxItem[]) => Promise<void>;
  /** WhatsApp identified these LID users: their waiting rows are read again */
  identified: (lidUsers: string[]) => Promise<void>;
  /** contacts' pictures: on their first message, and when WhatsApp says they changed */
  pictures: Pick<ProfilePictures, "firstMessage" | "changed" | "removed">;
  /** the group metadata cache (cachedGroupMetadata), refreshed on group events */
  groups: Pick<GroupMetadataCache, "changed" | "remember">;
  log: ConnectionLog;
};

/**
 * Everything Baileys reports about messages, calls and contacts, turned into ProviderEvents:
 * messages.upsert (notify: live, append: held by WhatsApp while we were away) and
 * messaging-history.set go to the inbox as they are, and are read from it by `readRow` (the drain);
 * messages.update (acks, edits, revokes), message-receipt.update (group acks), call offers as
 * call_log messages and contacts are emitted at once; lid-mapping.update releases waiting rows;
 * group events refresh the group metadata cache.
 */
export function createMessageEvents(deps: MessageEventsDeps) {
  const { emit, log, resolver } = deps;
  // Baileys reports an edit or a revoke twice (the protocol message upsert and a messages.update)
  const seen = boundedSet();

  const emitOnce = (key: string, event: ProviderEvent) => (seen.add(key) ? emit(event) : undefined);
  const onceKey = (event: ProviderEvent) =>
    event.type === "edit" ? `edit:${event.wid}:${event.body}` : event.type === "delete" ? `delete:${event.wid}` : null;

  /** What an inbox row means: read (media fetched, sender identified) when the drain gets to it. */
  async function readRow(row: InboxRow, lastTry: boolean): Promise<InboxOutcome> {
    const message = reviveMessage(row.payload);
    // a failed download is tried again; on the row's last try the message is delivered without it
    const storeMedia: InboundDeps["storeMedia"] = lastTry
      ? (m, content) =>
          deps.storeMedia(m, content).catch((err) => {
            log.warn(`media of ${m.key.id} not downloaded: ${(err as Error).message}`);
            return null;
          })
      : deps.storeMedia;
    const out = await readInbound(message, row.kind === "history", { ...deps, storeMedia });
    switch (out.kind) {
      case "message":
        if (!out.message.isGroup && message.key.remoteJid) deps.rememberChat(out.message.chatId, message.key.remoteJid);
        if (row.kind === "held") out.message.held = { botTurn: row.botTurn };
        // (the placeholder's text, a customer's words, stays out of the log)
        if (out.message.unrendered) log.info(`message ${out.message.wid} is a ${out.message.unrendered}, not shown here: stored as a placeholder`);
        return { kind: "event", event: { type: "message", message: out.message } };
      case "edit":
      case "delete": {
        const event: ProviderEvent = out.kind === "edit" ? { type: "edit", wid: out.wid, body: out.body } : { type: "delete", wid: out.wid };
        return seen.has(onceKey(event)!) ? { kind: "skip" } : { kind: "event", event };
      }
      case "unmapped":
        // never a LID as a number: the row waits until WhatsApp tells us whose LID it is
        log.warn(`message ${message.key.id} held: no phone number is known for ${out.lid} yet`);
        return { kind: "waiting", sender: userOf(out.lid) };
      case "skip":
        return { kind: "skip" };
    }
  }

  /** An event read from the inbox was stored. */
  function delivered(event: ProviderEvent) {
    const key = onceKey(event);
    if (key) seen.add(key);
    // the contact exists now: its picture is asked once
    const m = event.type === "message" ? event.message : null;
    if (m && !m.isGroup && !m.fromMe) deps.pictures.firstMessage(m.chatId, chatJid(m.chatId, false));
  }

  // our own sends come back as upserts: their outbox row exists, nothing is held for them
  const received = (messages: WAMessage[]) => messages.filter((m) => !(m.key?.fromMe && m.key.id && deps.sentByUs.has(m.key.id)));

  async function learn(pairs: { lid?: string | null; pn?: string | null }[]) {
    const lidUsers: string[] = [];
    for (const { lid, pn } of pairs) {
      resolver.learn(lid, pn);
      const user = userOf(isLidJid(lid) ? lid : isLidJid(pn) ? pn : undefined);
      if (user) lidUsers.push(user);
    }
    if (lidUsers.length) await deps.identified(lidUsers);
  }

  /** the inbox rows of a batch: history sync (recent messages only), then the upserts */
  function itemsOf(events: Events) {
    const set = events["messaging-history.set"];
    const oldest = deps.now().getTime() - deps.historyMaxAgeMs;
    const recent = set?.messages.filter((m) => toNumber(m.messageTimestamp ?? 0) * 1000 >= oldest) ?? [];
    const upsert = events["messages.upsert"];
    const upserts = upsert ? inboxItems(received(upsert.messages), upsert.type === "notify" ? "live" : "held") : [];
    return [...inboxItems(received(recent), "history"), ...upserts];
  }

  async function updates(list: NonNullable<Events["messages.update"]>) {
    for (const { key, update } of list) {
      const wid = key.id;
      if (!wid) continue;
      const ack = key.fromMe ? ackFromStatus(update.status) : null;
      if (ack) await emit({ type: "ack", wid, ack });
      const refused = key.fromMe ? refusalCode(update) : null;
      if (refused !== null) await emit({ type: "failed", wid, code: refused });
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
      if (lid && pn) await learn([{ lid, pn }]);
      const person = await resolver.resolve(c.id, c.phoneNumber ?? c.lid);
      if (!person) continue;
      const name = c.name || c.notify || c.verifiedName || undefined;
      // 'changed' only says the picture changed: it is asked of WhatsApp; 'removed': there is none
      if (c.imgUrl === "changed") deps.pictures.changed(person.number, c.id);
      if (c.imgUrl === "removed") deps.pictures.removed(person.number);
      const profilePicUrl = c.imgUrl && /^https?:\/\//.test(c.imgUrl) ? c.imgUrl : undefined;
      if (name || profilePicUrl) {
        await emit({ type: "contact", number: person.number, ...(name ? { name } : {}), ...(profilePicUrl ? { profilePicUrl } : {}) });
      }
    }
  }

  /** Handles one batch from sock.ev.process, in the order that keeps acks after their message. */
  async function handle(events: Events) {
    countUndecryptable(events);
    const mapping = events["lid-mapping.update"];
    if (mapping) await learn([mapping]);
    if (events["messaging-history.set"]) await learn(events["messaging-history.set"].lidPnMappings ?? []);
    await deps.hold(itemsOf(events));
    if (events["messages.update"]) await updates(events["messages.update"]);
    if (events["message-receipt.update"]) await receipts(events["message-receipt.update"]);
    if (events.call) await calls(events.call);
    if (events["contacts.upsert"]) await contacts(events["contacts.upsert"]);
    if (events["contacts.update"]) await contacts(events["contacts.update"]);
    if (events["groups.upsert"]) deps.groups.remember(events["groups.upsert"]);
    const groupsChanged = [...(events["groups.update"] ?? []).map((g) => g.id), events["group-participants.update"]?.id];
    deps.groups.changed(groupsChanged.filter((id): id is string => !!id));
  }

  /**
   * A batch of a socket that is gone (replaced, or the connection stopped): only what it received
   * is written, since WhatsApp was told we have it and will not deliver it again.
   */
  const keep = (events: Events) => deps.hold(itemsOf(events));

  return { handle, keep, itemsOf, readRow, delivered };
}
