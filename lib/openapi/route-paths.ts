import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { Access } from "@/lib/api/route";
import { errorResponse } from "./errors";
import type { RouteIndexEntry } from "./route-index";

/** How each access category of the route wrapper authenticates, in the document's terms. */
const SECURITY: Record<Access, Record<string, string[]>[]> = {
  public: [],
  user: [{ session: [] }],
  admin: [{ session: [] }],
  super: [{ session: [] }],
  "connection-token": [{ connectionToken: [] }],
  signed: [],
};
export const securityOf = (access: Access) => SECURITY[access];

const WHO: Record<Access, string> = {
  public: "Anyone, without signing in.",
  user: "Any signed-in user of the company.",
  admin: "Admins of the company (and super users).",
  super: "Super users only (the platform owner).",
  "connection-token": "A connection's token as bearer.",
  signed: "The provider, authenticated by its signature.",
};

type Json = Record<string, unknown>;

function parametersOf(e: RouteIndexEntry) {
  const path = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path" as const, required: true, schema: { type: "string" as const } }));
  const props = (e.query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((e.query?.required ?? []) as string[]);
  const query = Object.entries(props).map(([name, schema]) => ({ name, in: "query" as const, required: required.has(name), schema }));
  return [...path, ...query];
}

/** The index's routes as OpenAPI operations; `skip` holds the ones documented in full elsewhere. */
export function routePaths(index: RouteIndexEntry[], skip: Set<string>): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of index) {
    if (skip.has(`${e.method} ${e.path}`)) continue;
    const method = e.method.toLowerCase() as "get";
    const tag = e.path.split("/")[2] ?? "api";
    const needsSession = e.access === "user" || e.access === "admin" || e.access === "super";
    paths[e.path] ??= {};
    paths[e.path]![method] = {
      tags: [tag],
      description: WHO[e.access],
      // the route wrapper's access category as it is, for readers that name it in their own words
      "x-access": e.access,
      security: securityOf(e.access),
      ...(parametersOf(e).length ? { parameters: parametersOf(e) as never } : {}),
      ...(e.body ? { requestBody: { content: { "application/json": { schema: e.body as never } } } } : {}),
      responses: {
        "200": { description: "OK" },
        "400": errorResponse("Invalid input (ERR_VALIDATION)"),
        ...(needsSession ? { "401": errorResponse("Not signed in"), "403": errorResponse("Not allowed (role or plan)") } : {}),
      },
    };
  }
  return paths;
}
