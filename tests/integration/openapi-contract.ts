// Real answers against the OpenAPI document (issue 34 §7): the status must be one the operation
// documents, a documented JSON body must validate against its schema (ajv, JSON Schema 2020-12 as
// OpenAPI 3.1 is) and a documented required header must be there. The route sweep checks every
// answer it provokes (route-sweep/send.ts); openapi-contract.test.ts the statuses the sweep cannot.
import Ajv2020, { type ValidateFunction } from "ajv/dist/2020";
import addFormats from "ajv-formats";
import { createOpenApiDocument } from "@/lib/openapi/create-document";

type Obj = Record<string, unknown>;
type Answer = { status: number; body: unknown; headers: Headers };

const doc = createOpenApiDocument("test") as unknown as {
  paths: Record<string, Record<string, Obj>>;
  webhooks: Record<string, Record<string, Obj>>;
  components: { schemas: Obj };
};
// the document's schemas under one id, their `#/components/schemas/X` refs pointed there
const toDefs = <T>(schema: T): T => JSON.parse(JSON.stringify(schema).replaceAll('"#/components/schemas/', '"https://openapi.local/doc#/$defs/'));
// strict off: the document's schemas carry OpenAPI's own keywords (example, x-...)
const ajv = new Ajv2020({ strict: false, allErrors: true });
addFormats(ajv);
ajv.addSchema({ $id: "https://openapi.local/doc", $defs: toDefs(doc.components.schemas) });
// by the schema's text: the operations' error answers are all one `$ref`, compiled once
const compiled = new Map<string, ValidateFunction>();

/** The compiled schema of a JSON body, by the schema's text. */
function validatorOf(schema: Obj): ValidateFunction {
  const key = JSON.stringify(schema);
  let validate = compiled.get(key);
  if (!validate) compiled.set(key, (validate = ajv.compile(toDefs(schema))));
  return validate;
}

/** `/api/a/[id]` -> `/api/a/{id}`; a catch-all is the framework's, in no document. */
const documentedPath = (pattern: string) => (pattern.includes("[...") ? null : pattern.replace(/\[([^\]]+)\]/g, "{$1}"));

/** Why an answer of `METHOD pattern` breaks the document, or null when it keeps to it (or is not documented). */
export function contractProblem(method: string, pattern: string, res: Answer): string | null {
  const path = documentedPath(pattern);
  const op = path ? doc.paths[path]?.[method.toLowerCase()] : undefined;
  if (!op) return null;
  const where = `${method} ${path} answered ${res.status}`;
  const responses = op.responses as Record<string, Obj>;
  const documented = responses[String(res.status)];
  if (!documented) return `${where}, which the document does not list (it lists ${Object.keys(responses).join(", ")})`;
  for (const [name, header] of Object.entries((documented.headers ?? {}) as Record<string, Obj>)) {
    if (header.required && !res.headers.has(name)) return `${where} without its documented header ${name}`;
  }
  const schema = ((documented.content ?? {}) as Record<string, Obj>)["application/json"]?.schema;
  if (!schema) return null;
  if (!(res.headers.get("content-type") ?? "").includes("application/json")) return `${where} without the documented JSON body`;
  const validate = validatorOf(schema as Obj);
  if (validate(res.body)) return null;
  return `${where}: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(res.body).slice(0, 300)}`;
}

/** Why a webhook delivery's body breaks the document's webhook (`webhooks.webhookEvent`), or null. */
export function webhookBodyProblem(body: unknown): string | null {
  const op = doc.webhooks.webhookEvent.post as { requestBody: { content: Record<string, { schema: Obj }> } };
  const validate = validatorOf(op.requestBody.content["application/json"].schema);
  return validate(body) ? null : `the webhook body: ${ajv.errorsText(validate.errors)} in ${JSON.stringify(body).slice(0, 300)}`;
}
