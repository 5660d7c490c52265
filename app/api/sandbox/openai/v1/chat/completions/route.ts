import { AppError } from "@/lib/api/errors";
import { route } from "@/lib/api/route";
import { assertSandboxModelCall } from "@/lib/bots/sandbox-model/access";
import { chatCompletion } from "@/lib/bots/sandbox-model/completion";
import { chatRequestSchema } from "@/lib/bots/sandbox-model/schemas";

// POST /api/sandbox/openai/v1/chat/completions — the sandbox model (demo mode): an OpenAI chat
// completion answered by fixed rules (lib/bots/sandbox-model), so the demo's bots work offline.
// Public (it holds no company's data); a bearer key "sandbox-..." keeps stray calls out; 404 where the
// sandbox is off; no streaming.
export const POST = route({ access: "public", body: chatRequestSchema }, async ({ req, body }) => {
  assertSandboxModelCall(req);
  if (body.stream) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: "stream", message: "the sandbox model does not stream" }] });
  return chatCompletion(body);
});
