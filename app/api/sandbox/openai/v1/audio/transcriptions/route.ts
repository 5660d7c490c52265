import { route } from "@/lib/api/route";
import { assertSandboxModelCall } from "@/lib/bots/sandbox-model/access";
import { transcriptionSchema } from "@/lib/bots/sandbox-model/schemas";

// POST /api/sandbox/openai/v1/audio/transcriptions — the sandbox model does not listen: a voice
// note's transcript is empty, so the OpenAI provider hands the ticket to an agent (as it does for
// any message with nothing to read). Multipart `file` + `model`, as the openai package sends.
export const POST = route({ access: "public", body: transcriptionSchema }, async ({ req }) => {
  assertSandboxModelCall(req);
  return { text: "" };
});
