import { getDb } from "@/db";
import { queueIntegrations } from "@/db/schema";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// Queue integrations (issue 17 §2): a webhook to edit and one to delete. The testSession fixture's
// key is not an RSA key, so the test answers `{ ok: false }` without any outbound call.
const x = (r: Resources, key: string) => Number(r.extra[`queueIntegrations.${key}`]);
const id = (n: number) => ({ id: n });
const serviceAccount = JSON.stringify({ project_id: "p", client_email: "bot@p.iam.gserviceaccount.com", private_key: "not a key" });

async function seed(t: Tenant, marker: string) {
  const [hook, gone] = await getDb()
    .insert(queueIntegrations)
    .values([
      { companyId: t.companyId, type: "webhook", name: `Hook ${marker}`, projectName: `Hook ${marker}`, urlN8N: "https://hooks.example.com/a" },
      { companyId: t.companyId, type: "n8n", name: `Apagar ${marker}`, projectName: `Apagar ${marker}`, urlN8N: "https://n8n.example.com/b" },
    ])
    .returning({ id: queueIntegrations.id });
  return { "queueIntegrations.id": hook.id, "queueIntegrations.delId": gone.id };
}

const fixtures: Record<string, Fixture> = {
  "GET /api/queueIntegration": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  "POST /api/queueIntegration": { build: () => ({ body: { type: "typebot", name: "Novo bot", urlN8N: "https://typebot.example.com", typebotSlug: "bot" } }) },
  "GET /api/queueIntegration/[id]": { build: (r) => ({ params: id(x(r, "id")) }) },
  "PUT /api/queueIntegration/[id]": { build: (r) => ({ params: id(x(r, "id")), body: { type: "webhook", name: "Hook editado", urlN8N: "https://hooks.example.com/c" } }) },
  "DELETE /api/queueIntegration/[id]": { build: (r) => ({ params: id(x(r, "delId")) }) },
  "POST /api/queueIntegration/testSession": { build: () => ({ body: { projectName: "p", jsonContent: serviceAccount, language: "pt-BR" } }) },
};

export const queueIntegrationsArea: SweepArea = { publicRoutes: [], fixtures, seed };
