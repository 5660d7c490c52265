import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { createPrompt } from "@/lib/prompts/create-prompt";
import { listPrompts } from "@/lib/prompts/list-prompts";
import { createPromptSchema } from "@/lib/prompts/schemas";

// GET /api/prompt — `{ prompts, count, hasMore }`, 40 a page, by name (searchParam: part of the name).
// Keys are never answered: "" with apiKeySet/apiKeyHint (and the same for voiceKey).
export const GET = route({ access: "user", query: pageQuery }, async ({ ctx, query }) => listPrompts(getDb(), ctx, query.searchParam, query.pageNumber));

// POST /api/prompt — name, prompt, queueId (required), voice, voiceKey, voiceRegion, maxTokens,
// temperature, apiKey, maxMessages, baseUrl (lib/prompts/schemas.ts); attaches the prompt to the queue.
export const POST = route({ access: "admin", body: createPromptSchema }, async ({ ctx, body }) => createPrompt(getDb(), ctx, body));
