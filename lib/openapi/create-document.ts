import { createDocument } from "zod-openapi";
import type { RouteIndexEntry } from "./route-index";
import routeIndex from "./route-index.json";
import { routePaths } from "./route-paths";
import { sendPath } from "./send-path";
import { webhookPath } from "./webhook-path";

export const SEND_PATH = "/api/messages/send";

/**
 * The OpenAPI 3.1 document of the external API, built from the zod schemas the routes validate
 * with (lib/external-api/schemas.ts), so it cannot drift from them; the product's other routes
 * with their auth and the schemas route() validates them with (route-index.json, from the handlers'
 * metas). Served at /api/openapi.json.
 */
export function createOpenApiDocument(version: string) {
  return createDocument({
    openapi: "3.1.0",
    info: {
      title: "Atendimento external API",
      version,
      description:
        "Send WhatsApp messages from other systems with a connection's token, and receive signed webhooks of its events.",
    },
    // relative: the API is on the origin that serves this document (docs/api-changelog.md)
    servers: [{ url: "/", description: "The server serving this document" }],
    components: {
      securitySchemes: {
        connectionToken: {
          type: "http",
          scheme: "bearer",
          description: "The token of a WhatsApp connection, shown to admins in the connection dialog (rotating it invalidates the old one)",
        },
        session: {
          type: "http",
          scheme: "bearer",
          description: "A signed-in user: the access token from POST /api/auth/login as bearer, or the session cookie",
        },
      },
    },
    paths: { ...routePaths(routeIndex as RouteIndexEntry[], new Set([`POST ${SEND_PATH}`])), [SEND_PATH]: sendPath },
    webhooks: { webhookEvent: webhookPath },
  });
}

let cached: ReturnType<typeof createOpenApiDocument> | undefined;
/** Built once per process: the schemas do not change while it runs. */
export const openApiDocument = (version: string) => (cached ??= createOpenApiDocument(version));
