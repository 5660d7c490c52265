import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { prompts, queues } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { maskSecret, openSecret } from "@/lib/crypto/secret-box";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";

/** What the API answers of a prompt: its keys only as "" plus whether one is stored and its last 4 characters. */
export type PromptView = {
  id: number;
  name: string;
  prompt: string;
  voice: string;
  voiceRegion: string;
  maxTokens: number;
  temperature: number;
  queueId: number | null;
  maxMessages: number;
  baseUrl: string;
  queue: { id: number; name: string; color: string } | null;
  apiKey: "";
  apiKeySet: boolean;
  apiKeyHint: string;
  voiceKey: "";
  voiceKeySet: boolean;
  voiceKeyHint: string;
  /** why the last bot turn with this prompt failed (cleared by a success) */
  lastError: string | null;
  lastErrorAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

export const promptColumns = {
  id: prompts.id,
  name: prompts.name,
  prompt: prompts.prompt,
  voice: prompts.voice,
  voiceRegion: prompts.voiceRegion,
  maxTokens: prompts.maxTokens,
  temperature: prompts.temperature,
  queueId: prompts.queueId,
  maxMessages: prompts.maxMessages,
  baseUrl: prompts.baseUrl,
  apiKey: prompts.apiKey,
  voiceKey: prompts.voiceKey,
  lastError: prompts.lastError,
  lastErrorAt: prompts.lastErrorAt,
  createdAt: prompts.createdAt,
  updatedAt: prompts.updatedAt,
  queueName: queues.name,
  queueColor: queues.color,
};

type Row = Awaited<ReturnType<typeof selectPrompts>>[number];

/** A stored key as the browser may see it: set or not, and a hint ("••••abcd"); an unreadable one counts as not set. */
export function keyState(stored: string): { set: boolean; hint: string } {
  const plain = stored ? openSecret(stored) : null;
  return plain ? { set: true, hint: maskSecret(plain) } : { set: false, hint: "" };
}

export function toPromptView(r: Row): PromptView {
  const api = keyState(r.apiKey);
  const voice = keyState(r.voiceKey);
  return {
    id: r.id,
    name: r.name,
    prompt: r.prompt,
    voice: r.voice,
    voiceRegion: r.voiceRegion,
    maxTokens: r.maxTokens,
    temperature: r.temperature,
    queueId: r.queueId,
    maxMessages: r.maxMessages,
    baseUrl: r.baseUrl,
    queue: r.queueId && r.queueName !== null ? { id: r.queueId, name: r.queueName, color: r.queueColor ?? "" } : null,
    apiKey: "",
    apiKeySet: api.set,
    apiKeyHint: api.hint,
    voiceKey: "",
    voiceKeySet: voice.set,
    voiceKeyHint: voice.hint,
    lastError: r.lastError,
    lastErrorAt: r.lastErrorAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
  };
}

export const selectPrompts = (db: DbOrTx) =>
  db.select(promptColumns).from(prompts).leftJoin(queues, and(eq(queues.id, prompts.queueId), eq(queues.companyId, prompts.companyId)));

export const promptOf = (companyId: number, id: number) => and(eq(prompts.id, id), eq(prompts.companyId, companyId));

/** GET /prompt/{id}: a prompt of the caller's company; another company's (or a missing) one is 404. */
export async function getPrompt(db: DbOrTx, companyId: number, id: number): Promise<PromptView> {
  const [row] = await selectPrompts(db).where(promptOf(companyId, id));
  if (!row) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
  return toPromptView(row);
}

/** Locks a prompt of the company for the transaction (404 otherwise): its writes take turns. */
export async function lockPrompt(tx: DbOrTx, companyId: number, id: number): Promise<{ queueId: number | null }> {
  const [row] = await tx.select({ queueId: prompts.queueId }).from(prompts).where(promptOf(companyId, id)).for("update");
  if (!row) throw new AppError("ERR_NO_PROMPT_FOUND", 404);
  return row;
}

/** What lists show of a prompt; events carry it (the prompt text cut short: payloads stay small). */
export function promptRecord(v: PromptView) {
  return { ...v, prompt: v.prompt.slice(0, 500) };
}

/** `prompt` events for the company's admins (admin §7): create/update carry the record, delete its id. */
export function publishPrompts(companyId: number, changes: ({ action: "create" | "update"; record: PromptView } | { action: "delete"; id: number })[]) {
  return publish(
    ...changes.map((c) => ({
      channels: [channels.admins(companyId)],
      event: EVENTS.prompt,
      data: c.action === "delete" ? c : { action: c.action, record: promptRecord(c.record) },
    })),
  );
}
