/**
 * AI prompts (admin §2.12, §3 Prompt, §5, §9; issue 17 §1): the text a model answers customers
 * with, its voice, limits and keys, and the queue it answers for.
 *
 * - `voice`: 'texto' answers in text; a Brazilian Portuguese Azure neural voice answers voice notes
 *   (with `voiceKey` and `voiceRegion`; without them, text).
 * - `apiKey`, `voiceKey`: sealed at rest (lib/crypto/secret-box.ts), never answered in full (the
 *   answer carries "" plus `apiKeySet` and a hint of the last 4 characters). A PUT without a key, or
 *   with "", keeps the stored one.
 * - `baseUrl` (beyond the spec): any OpenAI-compatible server (Azure OpenAI, a local model
 *   server); "" is OpenAI's own.
 * - `queueId`: required (spec: 'Informe o setor'). Saving attaches the prompt to the queue (the
 *   chatbot reads `queues.prompt_id`); a queue holds one prompt: a prompt saved for a queue that
 *   already had another takes its place, and the other is left without a queue (see attach-queue.ts).
 */
import { z } from "zod";
import { idParams, idSchema } from "@/lib/validation/ids";
import { V } from "@/lib/validation/messages";

/** Spec admin §9: the defaults of a new prompt. */
export const PROMPT_DEFAULTS = { voice: "texto", maxTokens: 100, temperature: 1, maxMessages: 10 } as const;

/** Answer in text (the spec's voice option 'texto'). */
export const TEXT_VOICE = "texto";

/** Spec admin §9: text, or one of 15 Brazilian Portuguese neural voices (Azure Speech). */
export const NEURAL_VOICES = [
  "pt-BR-FranciscaNeural",
  "pt-BR-AntonioNeural",
  "pt-BR-BrendaNeural",
  "pt-BR-DonatoNeural",
  "pt-BR-ElzaNeural",
  "pt-BR-FabioNeural",
  "pt-BR-GiovannaNeural",
  "pt-BR-HumbertoNeural",
  "pt-BR-JulioNeural",
  "pt-BR-LeilaNeural",
  "pt-BR-LeticiaNeural",
  "pt-BR-ManuelaNeural",
  "pt-BR-NicolauNeural",
  "pt-BR-ValerioNeural",
  "pt-BR-YaraNeural",
] as const;
export const VOICES = [TEXT_VOICE, ...NEURAL_VOICES] as const;

// Catalogue keys under "prompts.validation." (the dialog) and in 400 answers.
export const QUEUE_REQUIRED = "queueRequired"; // pt: 'Informe o setor' (admin §5, §8)
export const INVALID_URL = "invalidUrl";
export const INVALID_REGION = "invalidRegion";

export const PROMPT_NAME_MAX = 100;
export const PROMPT_TEXT_MAX = 20_000;
export const KEY_MAX = 500;
export const MAX_TOKENS_MAX = 16_384;
export const MAX_MESSAGES_MAX = 50;

const number = (min: number, max: number, int = true) => {
  const n = z.coerce.number({ error: V.required }).min(min, V.tooShort).max(max, V.tooLong);
  return int ? n.int(V.required) : n;
};

// an http(s) address of an OpenAI-compatible API ("" is OpenAI's); the outbound guard still decides where it may go
const baseUrl = z
  .string()
  .trim()
  .max(500, V.tooLong)
  .refine((v) => {
    if (!v) return true;
    try {
      const u = new URL(v);
      return (u.protocol === "http:" || u.protocol === "https:") && !u.username && !u.password;
    } catch {
      return false;
    }
  }, INVALID_URL)
  .transform((v) => v.replace(/\/+$/, ""));

// the region names a host ({region}.tts.speech.microsoft.com): letters and digits only
const voiceRegion = z
  .string()
  .trim()
  .toLowerCase()
  .max(40, V.tooLong)
  .regex(/^([a-z][a-z0-9]*)?$/, INVALID_REGION);

export const promptFields = {
  name: z.string({ error: V.required }).trim().min(1, V.required).max(PROMPT_NAME_MAX, V.tooLong),
  prompt: z.string({ error: V.required }).trim().min(1, V.required).max(PROMPT_TEXT_MAX, V.tooLong),
  voice: z.enum(VOICES, { error: V.required }),
  voiceKey: z.string().trim().max(KEY_MAX, V.tooLong),
  voiceRegion,
  maxTokens: number(1, MAX_TOKENS_MAX),
  temperature: number(0, 2, false),
  apiKey: z.string().trim().max(KEY_MAX, V.tooLong),
  queueId: idSchema(QUEUE_REQUIRED),
  maxMessages: number(1, MAX_MESSAGES_MAX),
  baseUrl,
};

/** POST /api/prompt: name, prompt and queueId required; the rest has the spec's defaults. */
export const createPromptSchema = z.object({
  name: promptFields.name,
  prompt: promptFields.prompt,
  queueId: z.preprocess((v) => (v === "" || v === null ? undefined : v), promptFields.queueId),
  voice: promptFields.voice.optional().default(PROMPT_DEFAULTS.voice),
  voiceKey: promptFields.voiceKey.optional().default(""),
  voiceRegion: promptFields.voiceRegion.optional().default(""),
  maxTokens: promptFields.maxTokens.optional().default(PROMPT_DEFAULTS.maxTokens),
  temperature: promptFields.temperature.optional().default(PROMPT_DEFAULTS.temperature),
  apiKey: promptFields.apiKey.optional().default(""),
  maxMessages: promptFields.maxMessages.optional().default(PROMPT_DEFAULTS.maxMessages),
  baseUrl: promptFields.baseUrl.optional().default(""),
});
export type CreatePromptInput = z.infer<typeof createPromptSchema>;

/** PUT /api/prompt/{id}: what is sent changes; a key left out or "" stays as stored. */
export const updatePromptSchema = z.object({
  name: promptFields.name.optional(),
  prompt: promptFields.prompt.optional(),
  queueId: z.preprocess((v) => (v === "" || v === null ? 0 : v), promptFields.queueId).optional(),
  voice: promptFields.voice.optional(),
  voiceKey: promptFields.voiceKey.optional(),
  voiceRegion: promptFields.voiceRegion.optional(),
  maxTokens: promptFields.maxTokens.optional(),
  temperature: promptFields.temperature.optional(),
  apiKey: promptFields.apiKey.optional(),
  maxMessages: promptFields.maxMessages.optional(),
  baseUrl: promptFields.baseUrl.optional(),
});
export type UpdatePromptInput = z.infer<typeof updatePromptSchema>;

export const promptIdParams = idParams;

/** The add/edit dialog: the same rules; the queue select gives "" for none ('Informe o setor'). */
export const promptFormSchema = z.object({
  name: promptFields.name,
  prompt: promptFields.prompt,
  queueId: z.union([z.literal(""), z.number()]).refine((v) => v !== "", QUEUE_REQUIRED),
  voice: promptFields.voice,
  voiceKey: promptFields.voiceKey,
  voiceRegion: promptFields.voiceRegion,
  maxTokens: promptFields.maxTokens,
  temperature: promptFields.temperature,
  apiKey: promptFields.apiKey,
  maxMessages: promptFields.maxMessages,
  baseUrl: promptFields.baseUrl,
});
export type PromptFormInput = z.input<typeof promptFormSchema>;
export type PromptFormValues = z.output<typeof promptFormSchema>;
