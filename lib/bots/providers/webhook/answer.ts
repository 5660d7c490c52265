import type { BotAction } from "@/lib/bots/types";

/**
 * What an n8n or webhook answer may be (JSON unless said otherwise):
 *   { "text": "..." } · { "texts": ["...", ...] } · { "messages": [{ "text": "..." }, ...] } ·
 *   ["...", ...] (strings, or objects with text) · a text/plain body (sent as one message) ·
 *   an empty body, 204, {} or [] (nothing to send).
 * Any object may also carry "handoff": true (the ticket goes to an agent after the texts).
 * n8n's "Respond to Webhook" node often wraps the answer in a one-item list: [{ "text": "..." }].
 * Anything else (a number, a text field that is not a string, invalid JSON) is malformed.
 */
export class MalformedAnswerError extends Error {}

const MAX_TEXTS = 20;
const MAX_TEXT = 4096;

function textOf(v: unknown, where: string): string {
  if (typeof v === "string") return v;
  if (v && typeof v === "object" && typeof (v as { text?: unknown }).text === "string") return (v as { text: string }).text;
  throw new MalformedAnswerError(`malformed answer: ${where} is not a text`);
}

function fromObject(o: Record<string, unknown>): { texts: string[]; handoff: boolean } {
  const handoff = o.handoff === true;
  if (o.text !== undefined) return { texts: [textOf(o.text, "text")], handoff };
  if (o.texts !== undefined) {
    if (!Array.isArray(o.texts)) throw new MalformedAnswerError("malformed answer: texts is not a list");
    return { texts: o.texts.map((t, i) => textOf(t, `texts[${i}]`)), handoff };
  }
  if (o.messages !== undefined) {
    if (!Array.isArray(o.messages)) throw new MalformedAnswerError("malformed answer: messages is not a list");
    return { texts: o.messages.map((m, i) => textOf(m, `messages[${i}]`)), handoff };
  }
  return { texts: [], handoff };
}

function read(v: unknown): { texts: string[]; handoff: boolean } {
  if (Array.isArray(v)) {
    // n8n's list of one item: [{ text } | { texts } | { messages }]
    if (v.length === 1 && v[0] && typeof v[0] === "object" && !Array.isArray(v[0])) return fromObject(v[0] as Record<string, unknown>);
    return { texts: v.map((t, i) => textOf(t, `item ${i}`)), handoff: false };
  }
  if (v && typeof v === "object") return fromObject(v as Record<string, unknown>);
  if (v === null) return { texts: [], handoff: false };
  throw new MalformedAnswerError("malformed answer: expected an object, a list or text");
}

/** The actions of a webhook's answer body (`contentType` its content-type header). */
export function parseWebhookAnswer(body: string, contentType: string): BotAction[] {
  let parsed: { texts: string[]; handoff: boolean };
  if (!body.trim()) parsed = { texts: [], handoff: false };
  else if (/^text\/plain\b/i.test(contentType)) parsed = { texts: [body], handoff: false };
  else {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      throw new MalformedAnswerError("malformed answer: not JSON");
    }
    parsed = read(json);
  }
  const texts = parsed.texts.map((t) => t.trim()).filter(Boolean);
  if (texts.length > MAX_TEXTS) throw new MalformedAnswerError(`malformed answer: more than ${MAX_TEXTS} texts`);
  const actions: BotAction[] = texts.map((t) => ({ type: "text", body: t.slice(0, MAX_TEXT) }));
  if (parsed.handoff) actions.push({ type: "handoff" });
  return actions;
}
