import { createHash } from "node:crypto";
import { sandboxAnswer } from "./answer";
import { textOf, type ChatRequest } from "./schemas";

// A rough token count (about four characters each), for the usage figures clients show.
const tokens = (text: string) => Math.max(1, Math.ceil(text.length / 4));

/** The id of the model the sandbox answers as when listed. */
export const SANDBOX_MODEL_ID = "sandbox-demo";

/**
 * A non-streaming chat completion in OpenAI's shape (what the `openai` package returns from
 * chat.completions.create), answering `model` as asked. The same request gets the same answer and id.
 */
export function chatCompletion(req: ChatRequest, now = new Date()) {
  const messages = req.messages.map((m) => ({ role: m.role, content: textOf(m.content) }));
  const content = sandboxAnswer(messages);
  const prompt = messages.reduce((n, m) => n + tokens(m.content), 0);
  const id = createHash("sha256").update(JSON.stringify(messages)).digest("hex").slice(0, 24);
  return {
    id: `chatcmpl-sandbox-${id}`,
    object: "chat.completion" as const,
    created: Math.floor(now.getTime() / 1000),
    model: req.model,
    choices: [{ index: 0, message: { role: "assistant" as const, content, refusal: null }, finish_reason: "stop" as const, logprobs: null }],
    usage: { prompt_tokens: prompt, completion_tokens: tokens(content), total_tokens: prompt + tokens(content) },
    system_fingerprint: "sandbox",
  };
}

/** The models list (GET /models) in OpenAI's shape. */
export function modelList(now = new Date()) {
  return { object: "list" as const, data: [{ id: SANDBOX_MODEL_ID, object: "model" as const, created: Math.floor(now.getTime() / 1000), owned_by: "sandbox" }] };
}
