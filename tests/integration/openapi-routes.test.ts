import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { sendAnswer, sendMediaFields, sendTextBody } from "@/lib/external-api/schemas";
import { createOpenApiDocument, SEND_PATH } from "@/lib/openapi/create-document";
import { routeIndexOf } from "@/lib/openapi/route-index";
import { createTenant, type Tenant } from "../helpers/factories";
import { mediaForm, newNumber, sendApi, tokenFor } from "./external-api-helpers";
import { loadEndpoints } from "./route-sweep/inventory";

type Obj = Record<string, unknown>;
const doc = createOpenApiDocument("test");
const schemas = (doc.components?.schemas ?? {}) as Record<string, Obj>;
/** `/api/a/{id}` -> `/api/a/[id]`: the route folder's name. */
const folderOf = (path: string) => path.replace(/\{([^}]+)\}/g, "[$1]");
const operations = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
  (["get", "post", "put", "patch", "delete"] as const).filter((m) => item?.[m]).map((m) => ({ path, method: m.toUpperCase(), op: item![m]! })),
);

// Issue 14 "Done when": the OpenAPI document matches the routes.
describe("the OpenAPI document against the routes", () => {
  it("documents only routes that exist, with that method and the route's auth", async () => {
    const endpoints = await loadEndpoints();
    expect(operations.length).toBeGreaterThan(0);
    for (const { path, method, op } of operations) {
      const route = endpoints.find((e) => e.key === `${method} ${folderOf(path)}`);
      expect(route, `${method} ${path} is documented but no route file answers it`).toBeDefined();
      const security = (op.security ?? []).flatMap((s) => Object.keys(s));
      const expected = { public: [], signed: [], "connection-token": ["connectionToken"], user: ["session"], admin: ["session"], super: ["session"] };
      expect(security, `${method} ${path}`).toEqual(expected[route!.meta!.access]);
    }
    // and every route made by route() is in it (catch-alls are the framework's)
    const undocumented = endpoints.filter((e) => e.meta && !e.pattern.includes("[...")).map((e) => e.key);
    const documented = operations.map((o) => `${o.method} ${folderOf(o.path)}`);
    expect(undocumented.filter((k) => !documented.includes(k))).toEqual([]);
    // the document itself is served by a route, public
    expect(endpoints.find((e) => e.key === "GET /api/openapi.json")?.meta?.access).toBe("public");
  });

  // The served document cannot list route files at run time: lib/openapi/route-index.json is built
  // here from the handlers' metas. A route added or changed since: rerun this file with `-u`.
  it("keeps lib/openapi/route-index.json equal to the routes' metas", async () => {
    const index = routeIndexOf(await loadEndpoints());
    await expect(JSON.stringify(index, null, 1) + "\n").toMatchFileSnapshot("../../lib/openapi/route-index.json");
  });

  it("documents the send route's own schemas (the ones the route parses with)", () => {
    const id = (s: z.ZodType) => z.globalRegistry.get(s)?.id;
    const body = doc.paths?.[SEND_PATH]?.post?.requestBody as { content: Record<string, { schema: Obj }> };
    expect(body.content["application/json"].schema.$ref).toBe(`#/components/schemas/${id(sendTextBody)}`);
    expect(body.content["multipart/form-data"].schema.$ref).toBe(`#/components/schemas/${id(sendMediaFields)}`);
    const media = schemas[id(sendMediaFields)!];
    expect(Object.keys(media.properties as Obj)).toEqual([...Object.keys(sendMediaFields.shape), "medias"]);
  });
});

describe("the send route answers as documented", () => {
  let t: Tenant;
  let token: string;
  let storageDir: string;
  beforeAll(async () => {
    // the media lands in a folder of this test, removed after it
    storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "openapi-send-"));
    process.env.STORAGE_DIR = storageDir;
    t = await createTenant({ chatbot: false, plan: { useExternalApi: true } });
    token = await tokenFor(t.whatsappId);
  });
  afterAll(() => fs.rm(storageDir, { recursive: true, force: true }));

  it("answers 200 with the documented answer, for JSON and for multipart", async () => {
    const answer = schemas[z.globalRegistry.get(sendAnswer)!.id!];
    const text = await sendApi({ token, json: { number: newNumber(), body: "Olá da documentação" } });
    expect(text.status).toBe(200);
    expect(Object.keys(text.body).sort()).toEqual([...(answer.required as string[])].sort());
    expect(sendAnswer.parse(text.body).mensagem).toBe("Mensagem enviada");
    const media = await sendApi({ token, form: mediaForm(newNumber(), "legenda", [{ name: "a.png", type: "image/png" }]) });
    expect(media.status).toBe(200);
    expect(sendAnswer.parse(media.body).messageIds).toHaveLength(1);
  });

  it("refuses with the documented codes what the documented schema refuses", async () => {
    const pattern = new RegExp(String((schemas.SendTextMessage.properties as Record<string, Obj>).number.pattern));
    expect(pattern.test("+55 (11) 99999-8888")).toBe(false);
    const bad = await sendApi({ token, json: { number: "+55 (11) 99999-8888", body: "oi" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error).toBe("ERR_VALIDATION");
    expect(bad.body.issues.map((i: { path: string }) => i.path)).toEqual(["number"]);
    expect(Object.keys(doc.paths?.[SEND_PATH]?.post?.responses ?? {})).toEqual(expect.arrayContaining(["400", "401", "403", "429"]));
    const noToken = await sendApi({ json: { number: newNumber(), body: "oi" } });
    expect(noToken.status).toBe(401);
  });
});
