import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { deletePrompt } from "@/lib/prompts/delete-prompt";
import { getPrompt } from "@/lib/prompts/prompt-view";
import { promptIdParams as params, updatePromptSchema } from "@/lib/prompts/schemas";
import { updatePrompt } from "@/lib/prompts/update-prompt";

// GET /api/prompt/{id} — the prompt with its queue, lastError, and its keys masked.
export const GET = route({ access: "user", params }, async ({ ctx, params }) => getPrompt(getDb(), ctx.companyId, params.id));

// PUT /api/prompt/{id} — what is sent changes; a key left out or "" keeps the stored one; a new
// queueId moves the prompt to that queue.
export const PUT = route({ access: "admin", params, body: updatePromptSchema }, async ({ ctx, params, body }) =>
  updatePrompt(getDb(), ctx, params.id, body),
);

// DELETE /api/prompt/{id} — `{ message }` (shown as info); the queue lets go of the prompt.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deletePrompt(getDb(), ctx, params.id));
