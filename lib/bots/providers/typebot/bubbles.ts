/**
 * Typebot's chat answers (API v1 startChat / continueChat): `messages` are bubbles, `input` is what
 * the flow waits for (absent when the flow is over). Bubbles become WhatsApp texts:
 * - text: its rich text (`content.richText`, Slate nodes) as plain text, a paragraph a line, bold as
 *   *x*, italic as _x_, links as their URL; `content.markdown` or `content.plainText` when sent so;
 * - image, video, audio, embed: the file's URL as a text (WhatsApp previews it; nothing is downloaded);
 * - anything else is skipped.
 * A choice input's items are listed after the bubbles ("1 - Yes"), and a reply with the item's number
 * is sent to Typebot as the item's text.
 */
export type TypebotMessage = { id?: string; type?: string; content?: Record<string, unknown> };
export type TypebotInput = { id?: string; type?: string; items?: { id?: string; content?: string }[]; options?: Record<string, unknown> };
export type TypebotAnswer = { sessionId?: string; messages?: TypebotMessage[]; input?: TypebotInput | null };

type Node = { text?: string; type?: string; url?: string; bold?: boolean; italic?: boolean; children?: Node[] };

function inline(n: Node): string {
  if (typeof n.text === "string") {
    if (!n.text.trim()) return n.text;
    let t = n.text;
    if (n.bold) t = `*${t}*`;
    if (n.italic) t = `_${t}_`;
    return t;
  }
  const inner = (n.children ?? []).map(inline).join("");
  return n.type === "a" && n.url && inner !== n.url ? `${inner} (${n.url})` : inner;
}

/** Slate rich text (a list of blocks) as lines of text. */
export function richTextToPlain(blocks: unknown): string {
  if (!Array.isArray(blocks)) return "";
  return (blocks as Node[])
    .map((b) => inline(b))
    .join("\n")
    .trim();
}

const MEDIA = new Set(["image", "video", "audio", "embed"]);

/** The text of one bubble ("" when it has none to send). */
export function bubbleText(m: TypebotMessage): string {
  const c = m.content ?? {};
  if (m.type === "text") {
    if (Array.isArray(c.richText)) return richTextToPlain(c.richText);
    if (typeof c.markdown === "string") return c.markdown.trim();
    if (typeof c.plainText === "string") return c.plainText.trim();
    return "";
  }
  if (m.type && MEDIA.has(m.type) && typeof c.url === "string") return c.url;
  return "";
}

/** A choice input's items as a numbered list ("" for other inputs). */
export function choicesText(input: TypebotInput | null | undefined): string {
  if (!input || input.type !== "choice input" || !Array.isArray(input.items)) return "";
  return input.items
    .map((it, i) => `${i + 1} - ${it.content ?? ""}`)
    .join("\n");
}

/** The customer's reply as Typebot reads it: a choice's number becomes the choice's text. */
export function replyFor(text: string, choices: string[] | undefined): string {
  const n = /^\d{1,3}$/.test(text) ? Number(text) : NaN;
  return choices && n >= 1 && n <= choices.length ? choices[n - 1] : text;
}

export const choiceItems = (input: TypebotInput | null | undefined) =>
  input?.type === "choice input" && Array.isArray(input.items) ? input.items.map((it) => it.content ?? "") : undefined;
