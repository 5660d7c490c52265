import OpenAI, { toFile } from "openai";
import type { BotPrompt } from "@/lib/prompts/bot-prompt";
import { getEnv } from "@/lib/env";
import { readMedia } from "@/lib/storage";
import { guardedFetch } from "@/lib/net";
import { BotCallError } from "./errors";

export const OPENAI_BASE_URL = "https://api.openai.com/v1";

/**
 * The official SDK for one prompt: its key and server (baseUrl, else OpenAI's: never the
 * process's OPENAI_* variables), every call through the outbound guard, no retries (a failed turn
 * goes to an agent), one timeout for the whole call.
 */
export function openAiClient(p: BotPrompt, timeoutMs: number): OpenAI {
  if (!p.apiKey && !p.baseUrl) throw new BotCallError("OpenAI: the prompt has no API key");
  return new OpenAI({
    // a local model server may need no key; the SDK needs one to be set
    apiKey: p.apiKey || "no-key",
    baseURL: p.baseUrl || OPENAI_BASE_URL,
    organization: null,
    project: null,
    fetch: guardedFetch({ timeoutMs }),
    maxRetries: 0,
    timeout: timeoutMs,
  });
}

/** A customer's voice note as text (the OpenAI transcription endpoint; OPENAI_TRANSCRIPTION_MODEL). */
export async function transcribe(client: OpenAI, companyId: number, mediaPath: string, signal?: AbortSignal): Promise<string> {
  let media: Awaited<ReturnType<typeof readMedia>>;
  try {
    media = await readMedia(companyId, mediaPath);
  } catch {
    throw new BotCallError("OpenAI transcription: the customer's voice note could not be read");
  }
  const file = await toFile(media.data, media.filename || "voice.ogg", { type: media.mimetype || "audio/ogg" });
  const res = await client.audio.transcriptions.create({ file, model: getEnv().OPENAI_TRANSCRIPTION_MODEL }, { signal });
  if (typeof res?.text !== "string") throw new BotCallError("OpenAI transcription: malformed answer");
  return res.text.trim();
}
