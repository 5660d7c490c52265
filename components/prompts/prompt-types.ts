import type { PromptView } from "@/lib/prompts/prompt-view";

/** A prompt as the API answers it (dates as ISO text). */
export type PromptRow = Omit<PromptView, "lastErrorAt" | "createdAt" | "updatedAt"> & { lastErrorAt: string | null; createdAt: string; updatedAt: string };

/** A queue the dialog offers. */
export type QueueOption = { id: number; name: string; color: string };

/** `prompt` events on the company's admins channel. */
export type PromptEvent = { action: "create" | "update"; record: PromptRow } | { action: "delete"; id: number };
