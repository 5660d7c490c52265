import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { getIntegration } from "@/lib/queue-integrations/integration-view";
import { deleteIntegration, updateIntegration } from "@/lib/queue-integrations/save-integration";
import { integrationIdParams as params, updateIntegrationSchema } from "@/lib/queue-integrations/schemas";

// GET /api/queueIntegration/{id} — every field; jsonContent "" with jsonSet and clientEmail.
export const GET = route({ access: "admin", params }, async ({ ctx, params }) => getIntegration(getDb(), ctx.companyId, params.id));

// PUT /api/queueIntegration/{id} — the whole integration; an empty jsonContent keeps the stored JSON.
export const PUT = route({ access: "admin", params, body: updateIntegrationSchema }, async ({ ctx, params, body }) =>
  updateIntegration(getDb(), ctx, params.id, body),
);

// DELETE /api/queueIntegration/{id} — queues, connections and tickets naming it are set to none.
export const DELETE = route({ access: "admin", params }, async ({ ctx, params }) => deleteIntegration(getDb(), ctx, params.id));
