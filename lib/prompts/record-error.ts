import type { Db } from "@/db";
import { prompts } from "@/db/schema";
import { getPrompt, promptOf, publishPrompts } from "./prompt-view";

const ERROR_MAX = 500;

/**
 * Keeps why a bot turn with this prompt failed (null: a turn succeeded, the error is cleared), for
 * the admins' list (a warning with the text), and tells their open screens. Nothing when the prompt
 * is gone or already shows that state.
 */
export async function recordPromptError(db: Db, companyId: number, promptId: number, error: string | null): Promise<void> {
  const text = error === null ? null : error.slice(0, ERROR_MAX);
  const [current] = await db.select({ lastError: prompts.lastError }).from(prompts).where(promptOf(companyId, promptId));
  if (!current || (text === null && current.lastError === null)) return;
  await db
    .update(prompts)
    .set({ lastError: text, lastErrorAt: text === null ? null : new Date() })
    .where(promptOf(companyId, promptId));
  const record = await getPrompt(db, companyId, promptId).catch(() => null);
  if (record) await publishPrompts(companyId, [{ action: "update", record }]);
}
