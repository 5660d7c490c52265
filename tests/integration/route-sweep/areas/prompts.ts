import { getDb } from "@/db";
import { prompts } from "@/db/schema";
import { sealSecret } from "@/lib/crypto/secret-box";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// AI prompts (issue 17 §1): a prompt on the second queue with a sealed key, and one to delete.
const x = (r: Resources, key: string) => Number(r.extra[`prompts.${key}`]);
const id = (n: number) => ({ id: n });

async function seed(t: Tenant, marker: string) {
  const [p, gone] = await getDb()
    .insert(prompts)
    .values([
      { companyId: t.companyId, name: `Prompt ${marker}`, prompt: "Seja breve.", queueId: t.queueIds[1], apiKey: sealSecret(`sk-${marker}-key`) },
      { companyId: t.companyId, name: `Apagar ${marker}`, prompt: "x" },
    ])
    .returning({ id: prompts.id });
  return { "prompts.promptId": p.id, "prompts.delPromptId": gone.id, "prompts.queueId": t.queueIds[1] };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/prompt": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/prompt": { build: (r) => ({ body: { name: "Novo prompt", prompt: "Você é um atendente.", queueId: x(r, "queueId"), apiKey: "sk-new-key-1234" } }) },
  "GET /api/prompt/[id]": { build: (r) => ({ params: id(x(r, "promptId")) }) },
  "PUT /api/prompt/[id]": {
    build: (r) => ({ params: id(x(r, "promptId")), body: { name: "Prompt editado", queueId: x(r, "queueId"), maxTokens: 200, temperature: 0.5 } }),
  },
  "DELETE /api/prompt/[id]": { build: (r) => ({ params: id(x(r, "delPromptId")) }) },
};

export const promptsArea: SweepArea = { publicRoutes: [], fixtures, seed };
