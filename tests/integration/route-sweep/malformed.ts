// The malformed inputs of the sweep, generated from an endpoint's pattern and its fixture's valid
// request: bad ids in each param, bad values in each query key and body field, bodies of the wrong
// shape or content type. Each must answer below 500, within 10 s.
import { expect } from "vitest";
import type { Json } from "../../helpers/http";
import { type Endpoint, paramNames } from "./inventory";
import { type Fixture, type RawBody, type Req, HANG_MS, inBatches, send, validCaller } from "./send";
import type { World } from "./world";

export type Variant = { label: string; req: Req; raw?: RawBody };

const MB = "x".repeat(1024 * 1024);
const NUL = "a\u0000b";
const BAD_IDS = ["-1", "0", "99999999999", "9".repeat(40), "NaN", "1.5", "abc", "1e3", "0x10", " 7 ", "", "\u0000", "1\u0000", "%ff", "%25", "../../etc/passwd", MB];
// a few of every JSON kind where one kind is expected
const BAD_VALUES: [string, Json][] = [
  ["12345", 12345],
  ["-1", -1],
  ["99999999999", 99999999999],
  ["1.5", 1.5],
  ["true", true],
  ["null", null],
  ['"abc"', "abc"],
  ['""', ""],
  ["1 MB string", MB],
  ["NUL string", NUL],
  ['"99999999999"', "99999999999"],
  ["[1,2]", [1, 2]],
  ["[99999999999]", [99999999999]],
  ['[{"id":99999999999}]', [{ id: 99999999999 }]],
  ["LIKE wildcards and a trailing backslash", "%_'\"\\"],
  ['["a",{}]', ["a", {}]],
  ["nested object", { a: { b: { c: [1, { d: "e" }] } } }],
];
// for fields that hold a date (by name or sample): year 0, past the database's range, JavaScript's max
const BAD_DATE_VALUES: [string, Json][] = [
  ...["0000-01-01T00:00:00Z", "275760-09-13T00:00:00Z", "-000001-01-01T00:00:00Z", "2026-02-30"].map((d): [string, Json] => [d, d]),
  ["8.64e15", 8.64e15],
];
const isDateField = (key: string, sample: unknown) =>
  /date|day|start|end|At$|from|until|since/i.test(key) || (typeof sample === "string" && /^\d{4}-\d{2}-\d{2}/.test(sample));
// dates Postgres cannot hold (year 0, beyond its range) or JavaScript reads loosely
const BAD_DATES = ["0000-01-01", "9999-12-31", "275760-09-13", "-000001-01-01", "2026-02-30", "1e21"];
const BAD_QUERY = ["\u0000", NUL, MB, "-1", "99999999999", "NaN", "1.5", "abc", "[1,", '["a"]', "[99999999999]", '{"a":1}', "", "%ff", "true", "%_'\"\\", "\\"];

const deep = (n: number): Json => (n === 0 ? "x" : { a: deep(n - 1) });

/** The keys a route's zod schema (meta.query / meta.body) declares, through pipes, optionals and unions. */
export function fieldsOf(schema: unknown): string[] {
  const def = (schema as { _zod?: { def?: Record<string, unknown> } } | undefined)?._zod?.def;
  if (!def) return [];
  switch (def.type) {
    case "object":
      return Object.keys(def.shape as object);
    case "pipe":
      return [...new Set([...fieldsOf(def.in), ...fieldsOf(def.out)])];
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "catch":
    case "readonly":
      return fieldsOf(def.innerType);
    case "union":
      return (def.options as unknown[]).flatMap(fieldsOf);
    case "intersection":
      return [...fieldsOf(def.left), ...fieldsOf(def.right)];
    default:
      return [];
  }
}

export function paramVariants(e: Endpoint, base: Req): Variant[] {
  return paramNames(e.pattern).flatMap((p) => {
    const values: (string | string[])[] =
      p.kind === "one"
        ? BAD_IDS
        : [[], [""], ["..", ".."], ["..", "..", "..", "etc", "passwd"], ["1", "..", "2", "x"], ["a\u0000"], ["%ff"], ["%25", "x"], [MB], ["1", "%E0%A4%A"]];
    return values.map((v) => ({
      label: `param ${p.name}=${JSON.stringify(v).slice(0, 40)}`,
      req: { ...base, params: { ...base.params, [p.name]: v } },
    }));
  });
}

export function queryVariants(e: Endpoint, base: Req): Variant[] {
  // every key the route declares or the fixture sends; a route reading none still gets a few values
  // of one key (the wrapper sees the query of every route; what is not declared is not read)
  const declared = [...new Set([...fieldsOf(e.meta?.query), ...Object.keys(base.query ?? {})])];
  const keys = declared.length ? declared : ["searchParam"];
  const values = declared.length ? BAD_QUERY : ["\u0000", MB, "-1", "%_'\"\\"];
  const out: Variant[] = keys.flatMap((k) => [
    // 1 MB where a string goes (elsewhere it is refused by type, as "abc" already shows)
    ...[...values, ...(isDateField(k, base.query?.[k]) ? BAD_DATES : [])]
      .filter((v) => v !== MB || typeof base.query?.[k] !== "number")
      .map((v) => ({ label: `query ${k}=${JSON.stringify(v).slice(0, 30)}`, req: { ...base, query: { ...base.query, [k]: v } } })),
    { label: `query ${k} repeated`, req: { ...base, query: { ...base.query, [k]: ["1", "2"] } } },
  ]);
  out.push({ label: "query with a NUL key", req: { ...base, query: { ...base.query, "a\u0000": "1" } } });
  for (const v of ["abc", "-1", "99999999999", "\u0000", "1.5"]) {
    out.push({ label: `query companyId=${JSON.stringify(v)}`, req: { ...base, query: { ...base.query, companyId: v } } });
  }
  return out;
}

export function bodyVariants(e: Endpoint, base: Req): Variant[] {
  if (base.form) {
    return Object.keys(base.form).flatMap((k) =>
      [
        ["text instead of a file", "notafile"],
        ["NUL text", NUL],
        ["1 MB text", MB],
        ["empty file", { blob: new Blob([]), name: "empty.png" }],
        ["junk file", { blob: new Blob(["junk"]), name: "junk.png" }],
        ["file with a NUL name", { blob: new Blob(["a;b\n1;2"]), name: "a\u0000.csv" }],
      ].map(([label, v]) => ({ label: `form ${k}: ${label}`, req: { ...base, form: { ...base.form, [k]: v as string } } })),
    );
  }
  const body = base.body && typeof base.body === "object" && !Array.isArray(base.body) ? (base.body as Record<string, Json>) : {};
  // every field the route declares or the fixture sends; a route reading none still gets a couple
  const declared = [...new Set([...fieldsOf(e.meta?.body), ...Object.keys(body)])];
  const fields = declared.length ? declared : ["id", "name"];
  const out: Variant[] = fields.flatMap((f) =>
    [...BAD_VALUES, ...(isDateField(f, body[f]) ? BAD_DATE_VALUES : [])]
      // 1 MB where a string goes (elsewhere it is refused by type, as "abc" already shows)
      .filter(([label]) => label !== "1 MB string" || typeof body[f] !== "number")
      .map(([label, v]) => ({ label: `body ${f}: ${label}`, req: { ...base, body: { ...body, [f]: v } } })),
  );
  for (const [label, v] of [
    ["[]", []],
    ['"text"', "text"],
    ["123", 123],
    ["null", null],
    ["200 levels deep", deep(200)],
    ["2000 keys", Object.fromEntries(Array.from({ length: 2000 }, (_, i) => [`k${i}`, i]))],
    ["a 1 MB key", { [MB]: 1 }],
    ["a NUL key", { ...body, "a\u0000": 1 }],
  ] as [string, Json][]) {
    out.push({ label: `body ${label}`, req: { ...base, body: v } });
  }
  return out;
}

const multipartJunk = "--xyz\r\nContent-Disposition: form-data; name=\"a\"\r\n\r\nvalue";

export function contentVariants(e: Endpoint, base: Req): Variant[] {
  const fields = base.body && typeof base.body === "object" ? (base.body as Record<string, Json>) : {};
  const urlencoded = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, `${String(v)}\u0000`])).toString();
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, typeof v === "string" ? v : JSON.stringify(v));
  const raws: [string, RawBody][] = [
    ["invalid JSON", { body: '{"a":', contentType: "application/json" }],
    ["JSON with a raw NUL", { body: '{"name":"a\u0000"}', contentType: "application/json" }],
    ["JSON null", { body: "null", contentType: "application/json" }],
    ["JSON array", { body: "[]", contentType: "application/json" }],
    ["JSON string", { body: '"s"', contentType: "application/json" }],
    ["JSON 1e999", { body: "1e999", contentType: "application/json" }],
    ["JSON in another charset", { body: JSON.stringify(fields), contentType: "application/json; charset=utf-16" }],
    ["text/plain junk", { body: "hello", contentType: "text/plain" }],
    ["text/plain holding the JSON", { body: JSON.stringify(fields), contentType: "text/plain" }],
    ["multipart without a boundary", { body: "x", contentType: "multipart/form-data" }],
    ["multipart junk", { body: "garbage", contentType: "multipart/form-data; boundary=xyz" }],
    ["multipart truncated", { body: multipartJunk, contentType: "multipart/form-data; boundary=xyz" }],
    ["urlencoded junk", { body: "%%%=&&=%zz&a=%00", contentType: "application/x-www-form-urlencoded" }],
    ["urlencoded fields with NUL", { body: urlencoded, contentType: "application/x-www-form-urlencoded" }],
    ["octet-stream bytes", { body: new Uint8Array([0, 255, 1, 254, 0, 0]), contentType: "application/octet-stream" }],
    ["multipart of the fields", { body: form }],
  ];
  return raws.map(([label, raw]) => ({ label: `content: ${label}`, req: base, raw }));
}

/**
 * Runs the variants a few at a time as the endpoint's valid caller and fails naming each one that
 * answered 5xx or did not answer within 10 s.
 */
export async function expectNo5xx(w: World, e: Endpoint, fx: Fixture, variants: Variant[]) {
  const failures = (
    await inBatches(variants, 6, async (v) => {
      try {
        const res = await send(w, e, fx, v.req, validCaller(e), v.raw);
        return res.status >= 500 ? `${v.label}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}` : null;
      } catch (err) {
        return `${v.label}: ${(err as Error).message}`;
      }
    })
  ).filter((f): f is string => f !== null);
  expect(failures, `${e.key}: 5xx or no answer within ${HANG_MS / 1000} s`).toEqual([]);
}
