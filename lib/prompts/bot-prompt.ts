import type { DbOrTx } from "@/db";
import { prompts } from "@/db/schema";
import { openSecret } from "@/lib/crypto/secret-box";
import { promptOf } from "./prompt-view";

/** What the OpenAI provider needs of a prompt, its keys opened (server side only, never answered). */
export type BotPrompt = {
  id: number;
  prompt: string;
  voice: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  maxMessages: number;
  baseUrl: string;
  apiKey: string;
  voiceKey: string;
};

/** The company's prompt for a bot turn; null when it is gone (or another company's). */
export async function loadBotPrompt(db: DbOrTx, companyId: number, promptId: number): Promise<BotPrompt | null> {
  const [row] = await db.select().from(prompts).where(promptOf(companyId, promptId));
  if (!row) return null;
  return {
    id: row.id,
    prompt: row.prompt,
    voice: row.voice,
    voiceRegion: row.voiceRegion,
    maxTokens: row.maxTokens,
    temperature: row.temperature,
    maxMessages: row.maxMessages,
    baseUrl: row.baseUrl,
    apiKey: row.apiKey ? (openSecret(row.apiKey) ?? "") : "",
    voiceKey: row.voiceKey ? (openSecret(row.voiceKey) ?? "") : "",
  };
}
