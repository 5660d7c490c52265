import { z } from "zod";

// What the sandbox model reads of an OpenAI chat completion request; other fields are ignored.
const part = z.object({ type: z.string(), text: z.string().optional() }).passthrough();
const message = z.object({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.union([z.string(), z.array(part), z.null()]).optional(),
}).passthrough();

export const chatRequestSchema = z.object({
  model: z.string().trim().min(1).max(200),
  messages: z.array(message).min(1).max(500),
  stream: z.boolean().optional(),
  max_tokens: z.number().int().positive().optional(),
  temperature: z.number().min(0).max(2).optional(),
}).passthrough();
export type ChatRequest = z.infer<typeof chatRequestSchema>;

/** A transcription request (multipart): the model's name; the file is not listened to. */
export const transcriptionSchema = z.object({ model: z.string().trim().min(1).max(200) }).passthrough();

/** A message's content as text: a string, or its text parts joined. */
export function textOf(content: ChatRequest["messages"][number]["content"]): string {
  if (typeof content === "string") return content;
  if (!content) return "";
  return content.map((p) => (p.type === "text" && p.text ? p.text : "")).filter(Boolean).join("\n");
}
