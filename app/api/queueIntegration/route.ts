import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listIntegrations } from "@/lib/queue-integrations/list-integrations";
import { createIntegration } from "@/lib/queue-integrations/save-integration";
import { createIntegrationSchema } from "@/lib/queue-integrations/schemas";

// GET /api/queueIntegration — `{ queueIntegrations, count, hasMore }` by name (searchParam: part of
// the name); each row with its type, name, project, language, URL and last error. Admins only.
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listIntegrations(getDb(), ctx, query.searchParam, query.pageNumber),
);

// POST /api/queueIntegration — an integration (lib/queue-integrations/schemas.ts); answers it
// without its service-account JSON.
export const POST = route({ access: "admin", body: createIntegrationSchema }, async ({ ctx, body }) => createIntegration(getDb(), ctx, body));
