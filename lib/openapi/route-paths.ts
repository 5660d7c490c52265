import type { ZodOpenApiPathsObject } from "zod-openapi";
import type { Access } from "@/lib/api/route";
import { responseOf, SUBSCRIPTION_EXPIRED } from "./errors";
import type { RouteIndexEntry, UploadIndex } from "./route-index";
import { ROUTE_STATUSES } from "./route-statuses";
import { SUMMARIES } from "./summaries";

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

const words = (s: string) => s.split(/[^A-Za-z0-9]+/).filter(Boolean);
const capital = (w: string) => w[0].toUpperCase() + w.slice(1);

/** `GET /api/tickets/{id}` -> `getTicketsById`: from the method and path, so unique and stable as they are. */
export function operationIdOf(method: string, path: string): string {
  const parts = path
    .replace(/^\/api\//, "")
    .split("/")
    .flatMap((seg) => (/^\{.+\}$/.test(seg) ? ["by", ...words(seg)] : words(seg)));
  return method.toLowerCase() + parts.map(capital).join("");
}

function parametersOf(e: RouteIndexEntry) {
  const path = [...e.path.matchAll(/\{([^}]+)\}/g)].map((m) => ({ name: m[1], in: "path" as const, required: true, schema: { type: "string" as const } }));
  const props = (e.query?.properties ?? {}) as Record<string, Json>;
  const required = new Set((e.query?.required ?? []) as string[]);
  const query = Object.entries(props).map(([name, schema]) => ({ name, in: "query" as const, required: required.has(name), schema }));
  return [...path, ...query];
}

const MB = 1024 * 1024;
const file = { type: "string", format: "binary", contentEncoding: "binary" };

/** The multipart form of a route that streams files: the body's fields (if it has any) and the files. */
function uploadForm(body: Json | undefined, up: UploadIndex): Json {
  const files = Object.fromEntries(
    up.fields.map((f) => [f, up.maxFiles > 1 ? { type: "array", items: file, maxItems: up.maxFiles } : file]),
  );
  const description = `Up to ${up.maxFiles} file(s) of at most ${up.maxFileBytes / MB} MB each, streamed into storage as they arrive`;
  return { type: "object", description, properties: { ...((body?.properties as Json) ?? {}), ...files } };
}

function requestBodyOf(e: RouteIndexEntry) {
  const content: Json = {};
  if (e.body) content["application/json"] = { schema: e.body };
  if (e.upload) content["multipart/form-data"] = { schema: uploadForm(e.body, e.upload) };
  return Object.keys(content).length ? { requestBody: { content: content as never } } : {};
}

/** Whether a body or query takes ids (`id`, `planId`...): a missing one answers 404. */
const namesIds = (schema: Json | undefined) => Object.keys((schema?.properties as Json) ?? {}).some((k) => k === "id" || k.endsWith("Id"));

/**
 * What every route of its kind answers: 400 always; 401, 402 and 403 when it authenticates a
 * session or a connection; 404 when it names ids (path, body or query ids, a companyId not the caller's);
 * 413 when it streams files. Then the route's own (route-statuses.ts).
 */
function statusesOf(e: RouteIndexEntry): Record<string, string> {
  const session = e.access === "user" || e.access === "admin" || e.access === "super";
  const tenant = e.access === "user" || e.access === "admin" || e.access === "connection-token";
  const s: Record<string, string> = { "200": "OK", "400": "Invalid input (ERR_VALIDATION, with issues)" };
  if (session) {
    s["401"] = "Not signed in (ERR_SESSION_EXPIRED)";
    s["402"] = SUBSCRIPTION_EXPIRED;
    s["403"] = "Not allowed: the role or the plan (ERR_NO_PERMISSION, ERR_PLAN_FEATURE_DISABLED), an ended session (ERR_SESSION_EXPIRED) or a suspended company (ERR_COMPANY_INACTIVE)";
  }
  if (e.path.includes("{") || tenant || namesIds(e.body) || namesIds(e.query)) s["404"] = "Not found, or another company's (ERR_NOT_FOUND, ERR_NO_..._FOUND)";
  if (e.upload) s["413"] = `A file over ${e.upload.maxFileBytes / MB} MB (ERR_MEDIA_TOO_LARGE)`;
  if (e.upload) s["400"] += `; a file under a field other than ${e.upload.fields.join(", ")} (ERR_UNEXPECTED_FILE_FIELD, with field)`;
  return { ...s, ...ROUTE_STATUSES[`${e.method} ${e.path}`] };
}

/** The index's routes as OpenAPI operations; `skip` holds the ones documented in full elsewhere. */
export function routePaths(index: RouteIndexEntry[], skip: Set<string>): ZodOpenApiPathsObject {
  const paths: ZodOpenApiPathsObject = {};
  for (const e of index) {
    const key = `${e.method} ${e.path}`;
    if (skip.has(key)) continue;
    const method = e.method.toLowerCase() as "get";
    const statuses = Object.entries(statusesOf(e)).sort(([a], [b]) => a.localeCompare(b));
    paths[e.path] ??= {};
    paths[e.path]![method] = {
      operationId: operationIdOf(e.method, e.path),
      summary: SUMMARIES[key] ?? key,
      tags: [e.path.split("/")[2] ?? "api"],
      description: WHO[e.access],
      // the route wrapper's access category as it is, for readers that name it in their own words
      "x-access": e.access,
      security: securityOf(e.access),
      ...(parametersOf(e).length ? { parameters: parametersOf(e) as never } : {}),
      ...requestBodyOf(e),
      responses: Object.fromEntries(statuses.map(([status, description]) => [status, responseOf(status, description)])),
    };
  }
  return paths;
}
