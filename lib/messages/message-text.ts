// Short texts derived from a message: the ticket list's last message and bounded event bodies.

/** The list preview keeps this many characters (it is a one-line preview, never the message). */
export const LAST_MESSAGE_MAX = 255;
/** Bodies in realtime events; longer ones are cut and flagged so the client refetches. */
export const EVENT_BODY_MAX = 1500;

export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  // never cut a surrogate pair in half (emoji): the JSON encoder would write a lone "\ud83d"
  const cut = /[\ud800-\udbff]/.test(text[max - 1]) ? max - 1 : max;
  return `${text.slice(0, cut)}…`;
}

// Locale-neutral labels for media without a caption (the list shows them as they are).
const LABELS: Record<string, string> = {
  image: "📷",
  video: "🎥",
  audio: "🎵",
  sticker: "🏷️",
  application: "📄",
  document: "📄",
  locationMessage: "📍",
  vcard: "👤",
  call_log: "📞",
};

/**
 * The ticket's `lastMessage` for a message: its text, or a short label for media
 * (location bodies are `image|link|description`; vCard bodies are the card itself).
 */
export function lastMessageText(body: string, mediaType: string | null, filename?: string): string {
  const text = body.trim();
  if (!mediaType) return clip(text, LAST_MESSAGE_MAX);
  const label = LABELS[mediaType] ?? "📎";
  let detail = text;
  if (mediaType === "locationMessage") detail = text.split("|")[2]?.trim() ?? "";
  else if (mediaType === "vcard") detail = /^FN:(.*)$/im.exec(text)?.[1]?.trim() ?? "";
  else if (!detail && filename && (mediaType === "application" || mediaType === "document")) detail = filename;
  return clip(detail ? `${label} ${detail}` : label, LAST_MESSAGE_MAX);
}
