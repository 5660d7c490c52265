// Issue 34 §2.6: every route that reads multipart files refuses a file under a field it does not
// read, 400 ERR_UNEXPECTED_FILE_FIELD naming the field, and keeps nothing (before, it answered 200
// and dropped the file). The routes are found as the issue says, by the form parsers they (or the
// lib modules they import) call, so a multipart route added later is walked too.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { errorAnswer } from "@/lib/openapi/errors";
import { routeIndexOf } from "@/lib/openapi/route-index";
import { routePaths } from "@/lib/openapi/route-paths";
import type { Json } from "../../helpers/http";
import { FIXTURES } from "./fixtures";
import { type Endpoint, loadEndpoints } from "./inventory";
import { formOf, send, validCaller, type Req } from "./send";
import { setupWorld } from "./world";

const world = setupWorld();
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../..");
const read = (file: string) => readFileSync(path.join(root, file), "utf8");
const PARSERS = /\b(readForm|readUploadStream|withUploadStream)\(/;
// where the parsers are defined (and the wrapper's own readBody, which keeps no file)
const PARSER_HOMES = ["lib/api/body.ts", "lib/storage/upload-stream.ts"];
const WRITES = new Set(["POST", "PUT", "PATCH"]);

/** The repository files a module imports through `@/…` (one level: routes call their area's lib). */
function importsOf(file: string): string[] {
  return [...read(file).matchAll(/from "@\/([^"]+)"/g)].flatMap(([, spec]) => [`${spec}.ts`, `${spec}/index.ts`].filter((f) => existsSync(path.join(root, f))));
}
const callsParser = (file: string) => !PARSER_HOMES.includes(file) && PARSERS.test(read(file));

/** Route files under app/api whose handlers parse a multipart form themselves or through their lib. */
function multipartRouteFiles(dir = "app/api"): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return multipartRouteFiles(full);
    if (e.name !== "route.ts") return [];
    return callsParser(full) || importsOf(full).some(callsParser) ? [full] : [];
  });
}

/** The fixture's valid request as a multipart form (JSON fields as text), plus a file under `field`. */
function withStrayFile(req: Req, field: string): FormData {
  const form = req.form ? formOf(req.form) : new FormData();
  for (const [k, v] of Object.entries((req.body ?? {}) as Record<string, Json>)) {
    if (v !== null && v !== undefined) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  }
  form.append(field, new Blob([new Uint8Array([0x25, 0x50, 0x44, 0x46])], { type: "application/pdf" }), "desviado.pdf");
  return form;
}

const countFiles = (dir: string) => readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

const endpoints = await loadEndpoints();
const files = new Set(multipartRouteFiles());
const multipart = endpoints.filter((e) => files.has(e.file) && WRITES.has(e.method));

describe("multipart routes and file fields", () => {
  it("finds the multipart routes by their parsers, and each declared upload is among them", () => {
    const keys = multipart.map((e) => e.key);
    // a floor, so a broken search cannot pass by finding nothing
    for (const k of ["POST /api/messages/[id]", "POST /api/messages/send", "POST /api/quick-messages", "PUT /api/quick-messages/[id]", "POST /api/contacts/import"]) {
      expect(keys).toContain(k);
    }
    const declared = endpoints.filter((e) => (e.meta as { upload?: unknown } | undefined)?.upload).map((e) => e.key);
    expect(declared.filter((k) => !keys.includes(k))).toEqual([]);
  });

  it.each(multipart.map((e) => [e.key, e] as const))("%s refuses a file under a field it does not read, naming it, and keeps nothing", async (_, e: Endpoint) => {
    const w = world();
    const fx = FIXTURES[e.key];
    expect(fx, `${e.key} has no fixture`).toBeDefined();
    const before = countFiles(w.storageDir);
    const req = fx.build(w.a);
    const res = await send(w, e, fx, req, validCaller(e), { body: withStrayFile(req, "anexo") });
    expect({ status: res.status, body: res.body }).toEqual({ status: 400, body: { error: "ERR_UNEXPECTED_FILE_FIELD", field: "anexo" } });
    expect(countFiles(w.storageDir)).toBe(before);
  });

  it("the OpenAPI document names each route's file fields (quick messages: file and medias) and the refusal", () => {
    type Op = { requestBody?: { content: Record<string, { schema: { properties: Json } }> }; responses: Record<string, { description: string }> };
    const paths = routePaths(routeIndexOf(endpoints), new Set()) as Record<string, Record<string, Op>>;
    const op = (e: Endpoint) => paths[e.pattern.replace(/\[([^\]]+)\]/g, "{$1}")][e.method.toLowerCase()];
    const quick = op(multipart.find((e) => e.key === "POST /api/quick-messages")!);
    expect(Object.keys(quick.requestBody!.content["multipart/form-data"].schema.properties)).toEqual(expect.arrayContaining(["file", "medias"]));
    for (const e of multipart.filter((m) => (m.meta as { upload?: unknown }).upload)) {
      expect(op(e).responses["400"].description, e.key).toContain("ERR_UNEXPECTED_FILE_FIELD");
    }
    expect(Object.keys(errorAnswer.shape)).toContain("field");
  });
});
