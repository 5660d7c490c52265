import { getEnv } from "@/lib/env";
import { loadBotPrompt, type BotPrompt } from "@/lib/prompts/bot-prompt";
import { TEXT_VOICE } from "@/lib/prompts/schemas";
import type { BotAction, BotContext, BotProvider } from "@/lib/bots/types";
import { openAiClient, transcribe } from "./client";
import { BotCallError, describeError } from "./errors";
import { splitHandoff } from "./handoff";
import { loadHistory, toChatMessages } from "./history";
import { synthesize, VOICE_MIMETYPE } from "./tts";

export { HANDOFF_MARKER } from "./handoff";

/**
 * The AI prompts' provider (issue 17 §1; see README.md here): one customer message in, the model's
 * answer out as a text (or a voice note), then a hand-off when the answer carried the marker.
 * Failures throw a BotCallError whose message is for admins (never a key): the runner records it
 * on the prompt and hands the ticket to an agent.
 */
export function createOpenAiProvider(opts: { timeoutMs?: number } = {}): BotProvider {
  const timeoutMs = opts.timeoutMs ?? 20_000;
  return {
    async turn(ctx: BotContext): Promise<BotAction[]> {
      if (ctx.target.kind !== "prompt") throw new BotCallError("OpenAI: not a prompt");
      const p = await loadBotPrompt(ctx.db, ctx.companyId, ctx.target.promptId);
      if (!p) throw new BotCallError("OpenAI: the prompt no longer exists");
      const answer = await ask(p, ctx, timeoutMs);
      if (answer === null) return [{ type: "handoff" }];
      const { text, handoff } = splitHandoff(answer);
      if (!text && !handoff) throw new BotCallError("OpenAI: the model answered nothing");
      const actions: BotAction[] = [];
      if (text) actions.push(await reply(p, text, ctx, timeoutMs));
      if (handoff) actions.push({ type: "handoff" });
      return actions;
    },
  };
}

export const openAiProvider: BotProvider = createOpenAiProvider();

/** The model's answer; null when the customer's message has nothing to read (media without text). */
async function ask(p: BotPrompt, ctx: BotContext, timeoutMs: number): Promise<string | null> {
  const client = openAiClient(p, timeoutMs);
  const secrets = [p.apiKey, p.voiceKey];
  let text = ctx.body;
  if (ctx.mediaType === "audio" && ctx.mediaPath) {
    try {
      text = (await transcribe(client, ctx.companyId, ctx.mediaPath, ctx.signal)) || ctx.body;
    } catch (err) {
      throw describeError("OpenAI transcription", err, secrets, timeoutMs);
    }
  }
  if (!text.trim()) return null;
  try {
    const history = await loadHistory(ctx.db, ctx.companyId, ctx.ticketId, ctx.messageId, p.maxMessages);
    const messages = toChatMessages({ prompt: p.prompt, contactName: ctx.contact.name, history, current: { id: ctx.messageId, text }, maxMessages: p.maxMessages });
    const completion = await client.chat.completions.create(
      { model: getEnv().OPENAI_MODEL, messages, max_tokens: p.maxTokens, temperature: p.temperature },
      { signal: ctx.signal },
    );
    const content = completion?.choices?.[0]?.message?.content;
    if (typeof content !== "string") throw new BotCallError("OpenAI: malformed answer");
    return content;
  } catch (err) {
    throw describeError("OpenAI", err, secrets, timeoutMs);
  }
}

/**
 * A voice note when the prompt has a neural voice and the Azure key and region; text otherwise.
 * A failed synthesis falls back to the text (the customer still gets the answer; the failure is logged).
 */
async function reply(p: BotPrompt, text: string, ctx: BotContext, timeoutMs: number): Promise<BotAction> {
  if (p.voice === TEXT_VOICE || !p.voiceKey || !p.voiceRegion) return { type: "text", body: text };
  try {
    const data = await synthesize({ text, voice: p.voice, region: p.voiceRegion, key: p.voiceKey, signal: ctx.signal, timeoutMs });
    return { type: "voice", data, mimetype: VOICE_MIMETYPE };
  } catch (err) {
    console.warn(`[bots] prompt ${p.id}: ${(err as Error).message}; answered in text`);
    return { type: "text", body: text };
  }
}
