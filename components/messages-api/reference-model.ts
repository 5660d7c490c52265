// Reads the OpenAPI document into the rows the reference shows: each operation with its auth,
// parameters, bodies and answers; schemas' `$ref`s resolved to their component. Kept apart from the
// JSX so it is tested as plain data (tests/unit/openapi-reference.test.ts).

type Obj = Record<string, unknown>;
export type SchemaRow = { name: string; type: string; required: boolean; description?: string; example?: string };
export type BodyView = { mediaType: string; schemaName?: string; fields: SchemaRow[] };
export type ResponseView = { status: string; description: string; schemaName?: string; headers: string[] };
export type OperationView = {
  method: string;
  path: string;
  summary?: string;
  description?: string;
  tags: string[];
  /** the route wrapper's access category (`x-access`), on the product's own routes */
  access?: string;
  auth: string[];
  params: (SchemaRow & { in: string })[];
  bodies: BodyView[];
  responses: ResponseView[];
};

const METHODS = ["get", "post", "put", "patch", "delete"];
const obj = (v: unknown): Obj => (v && typeof v === "object" ? (v as Obj) : {});

function resolve(doc: Obj, schema: unknown): { name?: string; schema: Obj } {
  const ref = obj(schema).$ref;
  if (typeof ref !== "string") return { schema: obj(schema) };
  const name = ref.split("/").pop()!;
  return { name, schema: obj(obj(obj(doc.components).schemas)[name]) };
}

/** `string`, `integer[]`, `"a" | "b"`, `file`: enough to read a field's shape at a glance. */
export function typeOf(doc: Obj, schema: unknown): string {
  const { name, schema: s } = resolve(doc, schema);
  if (name) return name;
  if (Array.isArray(s.enum)) return s.enum.map((v) => JSON.stringify(v)).join(" | ");
  if (s.const !== undefined) return JSON.stringify(s.const);
  if (Array.isArray(s.anyOf)) return s.anyOf.map((x) => typeOf(doc, x)).join(" | ");
  if (s.type === "array") return `${typeOf(doc, s.items)}[]`;
  if (s.format === "binary" || s.contentEncoding === "binary") return "file";
  if (Array.isArray(s.type)) return s.type.join(" | ");
  return typeof s.type === "string" ? s.type : "any";
}

export function fieldsOf(doc: Obj, schema: unknown): SchemaRow[] {
  const { schema: s } = resolve(doc, schema);
  const required = new Set(Array.isArray(s.required) ? (s.required as string[]) : []);
  return Object.entries(obj(s.properties)).map(([name, p]) => {
    const prop = resolve(doc, p).schema;
    const example = prop.example ?? (Array.isArray(prop.examples) ? prop.examples[0] : undefined);
    return {
      name,
      type: typeOf(doc, p),
      required: required.has(name),
      description: typeof prop.description === "string" ? prop.description : undefined,
      example: example === undefined ? undefined : typeof example === "string" ? example : JSON.stringify(example),
    };
  });
}

function operation(doc: Obj, path: string, method: string, op: Obj): OperationView {
  const security = Array.isArray(op.security) ? (op.security as Obj[]) : [];
  const params = (Array.isArray(op.parameters) ? (op.parameters as Obj[]) : []).map((p) => ({
    name: String(p.name),
    in: String(p.in),
    type: typeOf(doc, p.schema),
    required: p.required === true,
    description: typeof p.description === "string" ? p.description : undefined,
  }));
  const bodies = Object.entries(obj(obj(op.requestBody).content)).map(([mediaType, c]) => ({
    mediaType,
    schemaName: resolve(doc, obj(c).schema).name,
    fields: fieldsOf(doc, obj(c).schema),
  }));
  const responses = Object.entries(obj(op.responses)).map(([status, r]) => {
    const json = obj(obj(obj(r).content)["application/json"]);
    return { status, description: String(obj(r).description ?? ""), schemaName: resolve(doc, json.schema).name, headers: Object.keys(obj(obj(r).headers)) };
  });
  const str = (v: unknown) => (typeof v === "string" ? v : undefined);
  const tags = Array.isArray(op.tags) ? op.tags.map(String) : [];
  return { method: method.toUpperCase(), path, summary: str(op.summary), description: str(op.description), tags, access: str(op["x-access"]), auth: security.flatMap((s) => Object.keys(s)), params, bodies, responses };
}

/** Every operation under `paths` (or `webhooks`, with their names as path). */
export function operationsOf(doc: Obj, key: "paths" | "webhooks"): OperationView[] {
  return Object.entries(obj(doc[key])).flatMap(([path, item]) =>
    METHODS.filter((m) => obj(item)[m]).map((m) => operation(doc, path, m, obj(obj(item)[m]))),
  );
}

/** The component schemas the operations name, for the models section. */
export function modelsOf(doc: Obj): { name: string; description?: string; fields: SchemaRow[] }[] {
  return Object.entries(obj(obj(doc.components).schemas)).map(([name, s]) => ({
    name,
    description: typeof obj(s).description === "string" ? (obj(s).description as string) : undefined,
    fields: fieldsOf(doc, s),
  }));
}
