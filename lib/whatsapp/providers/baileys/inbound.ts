import {
  isJidBroadcast,
  isJidNewsletter,
  normalizeMessageContent,
  toNumber,
  type WAMessage,
} from "@whiskeysockets/baileys";
import type { InboundMessage, StoredMedia } from "../../types";
import { isGroupJid, isLidJid, isPhoneJid, userOf } from "./jids";
import type { LidResolver, Person } from "./lid-resolver";
import { quotedWidOf, readContent, type Content } from "./message-content";

export type MediaContent = Extract<Content, { kind: "media" }>;

export type InboundDeps = {
  resolver: LidResolver;
  /** the paired account: its number (digits) and name */
  me: () => { number?: string; name?: string };
  groupName: (jid: string) => Promise<string | undefined>;
  /** downloads and stores a message's media; null when the download failed */
  storeMedia: (message: WAMessage, content: MediaContent) => Promise<StoredMedia | null>;
  /** files WhatsApp announces larger than this are not downloaded (0: no limit) */
  mediaMaxBytes?: number;
  now: () => Date;
};

/** What one upserted WhatsApp message becomes. */
export type InboundOutcome =
  | { kind: "message"; message: InboundMessage }
  | { kind: "edit"; wid: string; body: string }
  | { kind: "delete"; wid: string }
  // a LID with no known phone number: the caller holds the message until a mapping arrives
  | { kind: "unmapped"; lid: string }
  | { kind: "skip" };

const isChat = (jid: string) => isPhoneJid(jid) || isLidJid(jid) || isGroupJid(jid);

function timestampOf(message: WAMessage, now: () => Date): Date {
  const seconds = toNumber(message.messageTimestamp ?? 0);
  return seconds > 0 ? new Date(seconds * 1000) : now();
}

type Address =
  | { chatId: string; isGroup: boolean; from: InboundMessage["from"] }
  | { unmapped: string };

/** Who the message is from (the participant in groups) and the chat id, numbers only. */
async function addressOf(m: WAMessage, deps: InboundDeps): Promise<Address> {
  const key = m.key;
  const remote = key.remoteJid!;
  const me = deps.me();
  if (isGroupJid(remote)) {
    if (key.fromMe) return { chatId: userOf(remote), isGroup: true, from: { number: me.number ?? "", name: me.name } };
    const sender = key.participant ?? undefined;
    const person = await deps.resolver.resolve(sender, key.participantAlt);
    if (!person) return { unmapped: sender ?? remote };
    return { chatId: userOf(remote), isGroup: true, from: { ...person, name: m.pushName ?? undefined } };
  }
  // On our own messages (sent from the phone) the alternate JID can be our number, not the chat's.
  const alt = key.fromMe && me.number && userOf(key.remoteJidAlt) === me.number ? undefined : key.remoteJidAlt;
  const person: Person | null = await deps.resolver.resolve(remote, alt);
  if (!person) return { unmapped: remote };
  return { chatId: person.number, isGroup: false, from: { ...person, name: key.fromMe ? undefined : (m.pushName ?? undefined) } };
}

/**
 * Normalises one Baileys message (proto.IWebMessageInfo) into the product's InboundMessage (a
 * content we do not render as a placeholder text naming it), or an edit/delete, or nothing (status
 * broadcasts, newsletters, and the contents on IGNORED_CONTENT: reactions, votes, protocol, stubs).
 */
export async function readInbound(m: WAMessage, fromHistory: boolean, deps: InboundDeps): Promise<InboundOutcome> {
  const wid = m.key?.id;
  const remote = m.key?.remoteJid;
  if (!wid || !remote || isJidBroadcast(remote) || isJidNewsletter(remote) || !isChat(remote)) return { kind: "skip" };
  const content = normalizeMessageContent(m.message);
  const read = readContent(content, wid);
  if (read.kind === "ignore") return { kind: "skip" };
  if (read.kind === "edit") return { kind: "edit", wid: read.wid, body: read.body };
  if (read.kind === "revoke") return { kind: "delete", wid: read.wid };

  const address = await addressOf(m, deps);
  if ("unmapped" in address) return { kind: "unmapped", lid: address.unmapped };

  let body = read.body;
  let mediaType: InboundMessage["mediaType"] = null;
  let media: StoredMedia | undefined;
  if (read.kind === "media" && deps.mediaMaxBytes && read.bytes > deps.mediaMaxBytes) {
    // too large to fetch: the message says what it was, by name and size (the phone still has it)
    body = `[${read.mediaType} too large: ${read.filename}, ${megabytes(read.bytes)}]${read.body && read.body !== read.filename ? `\n${read.body}` : ""}`;
  } else if (read.kind === "media") {
    const stored = await deps.storeMedia(m, read);
    // a failed download still delivers the message, as text saying what could not be fetched
    if (stored) [media, mediaType] = [stored, read.mediaType];
    else body = `[${read.mediaType} unavailable]${read.body ? `\n${read.body}` : ""}`;
  } else if (read.kind === "location") mediaType = "locationMessage";
  else if (read.kind === "vcard") mediaType = "vcard";

  const message: InboundMessage = {
    wid,
    chatId: address.chatId,
    isGroup: address.isGroup,
    from: address.from,
    fromMe: !!m.key.fromMe,
    body,
    mediaType,
    timestamp: timestampOf(m, deps.now),
    raw: m,
  };
  if (media) message.media = media;
  if (read.kind === "placeholder") message.unrendered = read.type;
  const quotedWid = quotedWidOf(content);
  if (quotedWid) message.quotedWid = quotedWid;
  if (address.isGroup) {
    const name = await deps.groupName(remote);
    if (name) message.groupName = name;
  }
  if (fromHistory) message.fromHistory = true;
  return { kind: "message", message };
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;
