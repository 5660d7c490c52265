import { z } from "zod";
import type { Access, RouteMeta } from "@/lib/api/route";

// The product's other routes, for the document's "every route with its auth": read from each
// handler's `meta` (the access, query and body route() validates with), never listed by hand. Route
// modules can only be enumerated from the filesystem, so tests/integration/openapi-routes.test.ts
// builds this index and keeps route-index.json equal to it (vitest file snapshot; `-u` rewrites it).

type JsonSchema = Record<string, unknown>;
/** The multipart files a route streams: their fields and limits (RouteMeta `upload`). */
export type UploadIndex = { fields: string[]; maxFiles: number; maxFileBytes: number };
export type RouteIndexEntry = { method: string; path: string; access: Access; query?: JsonSchema; body?: JsonSchema; upload?: UploadIndex };
export type RouteSource = { method: string; pattern: string; meta?: RouteMeta };

/**
 * `#/$defs/X` refs (schemas with a meta id) inlined: the index entries stand alone in the document.
 * A meta `id` is dropped, never a property of that name (`properties` maps names to schemas).
 */
function inlineDefs(node: unknown, defs: Record<string, unknown>, isPropertyMap = false): unknown {
  if (Array.isArray(node)) return node.map((n) => inlineDefs(n, defs));
  if (!node || typeof node !== "object") return node;
  const o = node as JsonSchema;
  if (typeof o.$ref === "string" && o.$ref.startsWith("#/$defs/")) return inlineDefs(defs[o.$ref.slice(8)], defs);
  const keep = ([k]: [string, unknown]) => isPropertyMap || (k !== "$defs" && k !== "$schema" && k !== "id");
  return Object.fromEntries(Object.entries(o).filter(keep).map(([k, v]) => [k, inlineDefs(v, defs, !isPropertyMap && k === "properties")]));
}

export function jsonSchemaOf(schema: z.ZodType): JsonSchema {
  const raw = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
  return inlineDefs(raw, (raw.$defs ?? {}) as Record<string, unknown>) as JsonSchema;
}

/** `/api/a/[id]` -> `/api/a/{id}`; catch-all routes (framework ones) are left out. */
const openApiPath = (pattern: string) => (pattern.includes("[...") ? null : pattern.replace(/\[([^\]]+)\]/g, "{$1}"));

export function routeIndexOf(routes: RouteSource[]): RouteIndexEntry[] {
  return routes.flatMap((r) => {
    const path = openApiPath(r.pattern);
    if (!path || !r.meta) return [];
    const entry: RouteIndexEntry = { method: r.method, path, access: r.meta.access };
    if (r.meta.query) entry.query = jsonSchemaOf(r.meta.query);
    if (r.meta.body) entry.body = jsonSchemaOf(r.meta.body);
    const up = r.meta.upload;
    if (up) entry.upload = { fields: up.fileFields, maxFiles: up.maxFiles, maxFileBytes: up.maxFileBytes };
    return [entry];
  });
}
