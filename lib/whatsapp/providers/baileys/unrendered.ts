import type { proto } from "@whiskeysockets/baileys";

// Issue 33 §8, no content disappears silently: what a customer sends is either read (text, media,
// location, contacts: message-content.ts), or one of the housekeeping contents below, ignored, or
// stored as a placeholder that names it.

/**
 * The contents that are not a message of their own: nothing is stored for them. The one list.
 * (Stubs, which carry no content at all, and edits and revokes, read before this list, are not in it.)
 */
export const IGNORED_CONTENT: ReadonlySet<string> = new Set([
  // reactions: a mark on another message
  "reactionMessage",
  "encReactionMessage",
  // votes in a poll, and answers to an event: marks on the poll or the event
  "pollUpdateMessage",
  "encEventResponseMessage",
  // protocol messages other than edits and revokes (history sync, app state keys, ephemeral settings...)
  "protocolMessage",
  // key distribution, sent ahead of a group message so it can be decrypted
  "senderKeyDistributionMessage",
  "fastRatchetKeySenderKeyDistributionMessage",
  // pins and "keep in chat": actions on another message
  "pinInChatMessage",
  "keepInChatMessage",
  // an album's header: its photos and videos arrive as messages of their own
  "albumMessage",
]);

// what a placeholder calls the kinds a person would recognise; any other kind keeps its own name
const LABELS: Record<string, string> = {
  pollCreationMessage: "poll",
  pollCreationMessageV2: "poll",
  pollCreationMessageV3: "poll",
  pollCreationMessageV4: "poll",
  pollCreationMessageV5: "poll",
  eventMessage: "event",
  orderMessage: "order",
  groupInviteMessage: "group invite",
  productMessage: "product",
  lottieStickerMessage: "animated sticker",
};

type Described = { name?: string | null; orderTitle?: string | null; message?: string | null; groupName?: string | null; product?: { title?: string | null } | null };

/** The text beside the label: a poll's question, an event's or group's name, an order's or product's title. */
function detailOf(inner: unknown): string {
  if (!inner || typeof inner !== "object") return "";
  const d = inner as Described;
  const text = d.name ?? d.orderTitle ?? d.groupName ?? d.product?.title ?? d.message ?? "";
  return typeof text === "string" ? text.trim() : "";
}

/** A content we do not render, as the text stored in its place: "[poll] Qual horário?", "[eventMessage]". */
export function placeholderBody(content: proto.IMessage, type: keyof proto.IMessage): string {
  const detail = detailOf(content[type]);
  return `[${LABELS[type] ?? type}]${detail ? ` ${detail}` : ""}`;
}
