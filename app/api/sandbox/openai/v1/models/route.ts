import { route } from "@/lib/api/route";
import { assertSandboxModelCall } from "@/lib/bots/sandbox-model/access";
import { modelList } from "@/lib/bots/sandbox-model/completion";

// GET /api/sandbox/openai/v1/models — the sandbox model's one model, for clients that list them.
export const GET = route({ access: "public" }, async ({ req }) => {
  assertSandboxModelCall(req);
  return modelList();
});
