// Every route of the product, read from the filesystem at test time: a route file added later is in
// the sweep without anyone listing it.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { RouteMeta } from "@/lib/api/route";
import type { Handler } from "../../helpers/http";

export const HTTP_METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"] as const;
export type Method = (typeof HTTP_METHODS)[number];

export type Endpoint = {
  /** `PUT /api/foo/[id]`: the key of the fixture table */
  key: string;
  method: Method;
  /** `/api/foo/[id]` */
  pattern: string;
  file: string;
  handler: Handler;
  /** undefined for a handler not made by route() (a framework route) */
  meta?: RouteMeta;
};

export type Segment = { name: string; kind: "one" | "catchAll" | "optionalCatchAll" } | { literal: string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const apiDir = path.join(root, "app", "api");

function routeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return routeFiles(full);
    return e.name === "route.ts" ? [full] : [];
  });
}

/** `/api/a/[id]/(group)/[...key]` from the folder path; route groups `(x)` are not in the URL. */
export function patternOf(file: string): string {
  const rel = path.relative(path.join(root, "app"), path.dirname(file)).split(path.sep);
  return "/" + rel.filter((s) => !/^\(.*\)$/.test(s) && !s.startsWith("@")).join("/");
}

export function segmentsOf(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s) => {
      let m = /^\[\[\.\.\.(.+)\]\]$/.exec(s);
      if (m) return { name: m[1], kind: "optionalCatchAll" as const };
      m = /^\[\.\.\.(.+)\]$/.exec(s);
      if (m) return { name: m[1], kind: "catchAll" as const };
      m = /^\[(.+)\]$/.exec(s);
      if (m) return { name: m[1], kind: "one" as const };
      return { literal: s };
    });
}

/** The URL of a pattern with its params filled in (each segment percent-encoded). */
export function urlOf(pattern: string, params: Record<string, string | number | string[]>): string {
  const parts = segmentsOf(pattern).map((s) => {
    if ("literal" in s) return s.literal;
    const v = params[s.name];
    const list = Array.isArray(v) ? v : v === undefined ? [] : [String(v)];
    return list.map((x) => encodeURIComponent(x)).join("/");
  });
  return "/" + parts.filter((p) => p !== "").join("/");
}

export const paramNames = (pattern: string) => segmentsOf(pattern).flatMap((s) => ("name" in s ? [s] : []));

let cached: Promise<Endpoint[]> | undefined;

/** Imports every route module under app/api and answers each exported HTTP method. */
export function loadEndpoints(): Promise<Endpoint[]> {
  cached ??= (async () => {
    const files = routeFiles(apiDir).sort();
    const out: Endpoint[] = [];
    for (const file of files) {
      const mod = (await import(file)) as Record<string, unknown>;
      const pattern = patternOf(file);
      for (const method of HTTP_METHODS) {
        const h = mod[method];
        if (typeof h !== "function") continue;
        const meta = (h as { meta?: RouteMeta }).meta;
        out.push({ key: `${method} ${pattern}`, method, pattern, file: path.relative(root, file), handler: h as Handler, meta });
      }
    }
    return out;
  })();
  return cached;
}
