import { BufferJSON, isJidBroadcast, isJidNewsletter, normalizeMessageContent, proto, toNumber, type WAMessage, type WAMessageKey } from "@whiskeysockets/baileys";
import type { InboxKind } from "@/db/schema";
import type { InboxItem } from "@/lib/whatsapp/worker/inbox-store";
import { isGroupJid } from "./jids";
import { readContent } from "./message-content";

// the key's fields that are not in WAProto's MessageKey (a proto round trip would drop them)
const KEY_EXTRAS = ["remoteJidAlt", "remoteJidUsername", "participantAlt", "participantUsername", "server_id", "addressingMode", "isViewOnce"] as const;

/** A Baileys message as JSON text: the proto through BufferJSON, and the key's extra fields. */
export function serializeMessage(m: WAMessage): string {
  const key: Record<string, unknown> = {};
  for (const k of KEY_EXTRAS) if (m.key?.[k] !== undefined) key[k] = m.key[k];
  return JSON.stringify({ message: m, key }, BufferJSON.replacer);
}

/** The message `serializeMessage` wrote, as Baileys hands it over. */
export function reviveMessage(payload: string): WAMessage {
  const { message, key } = JSON.parse(payload, BufferJSON.reviver) as { message: object; key: Partial<WAMessageKey> };
  const m = proto.WebMessageInfo.fromObject(message) as WAMessage;
  Object.assign(m.key, key);
  return m;
}

const timeOf = (m: WAMessage) => toNumber(m.messageTimestamp ?? 0);

const kindOf = (m: WAMessage) => readContent(normalizeMessageContent(m.message), m.key.id ?? "").kind;
// what the product shows as a message: not a reaction, protocol message, edit or revoke
const isShown = (m: WAMessage) => !["ignore", "edit", "revoke"].includes(kindOf(m));
// what the bot may answer: shown, and not a placeholder for a content we do not render
const isAnswerable = (m: WAMessage) => isShown(m) && kindOf(m) !== "placeholder";

/**
 * The inbox rows of one batch Baileys delivered. In a held batch (what WhatsApp kept while no
 * socket was up) the bot may answer, per chat, only the newest customer message, and only when no
 * message of ours (sent from the phone) came after it: a deploy never sends a customer a menu for
 * each message they wrote meanwhile, nor answers what an agent already answered.
 */
export function inboxItems(messages: WAMessage[], kind: InboxKind): InboxItem[] {
  const kept = messages.filter((m) => m.key?.id && m.key.remoteJid && !isJidBroadcast(m.key.remoteJid) && !isJidNewsletter(m.key.remoteJid));
  const answerable = new Set<WAMessage>();
  if (kind === "held") {
    const newest = new Map<string, WAMessage>();
    for (const m of kept) {
      if (m.key.fromMe || isGroupJid(m.key.remoteJid!) || !isAnswerable(m)) continue;
      const best = newest.get(m.key.remoteJid!);
      if (!best || timeOf(m) >= timeOf(best)) newest.set(m.key.remoteJid!, m);
    }
    for (const [chat, m] of newest) {
      const answered = kept.some((o) => o.key.fromMe && o.key.remoteJid === chat && timeOf(o) >= timeOf(m) && isShown(o));
      if (!answered) answerable.add(m);
    }
  }
  return kept.map((m) => ({
    wid: m.key.id!,
    chat: m.key.remoteJid!,
    kind,
    botTurn: kind === "live" || answerable.has(m),
    payload: serializeMessage(m),
  }));
}
