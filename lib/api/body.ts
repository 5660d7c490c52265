import { findNul, INVALID_CHARACTERS } from "@/lib/validation/nul";
import { AppError } from "./errors";

// The caller's company for each request the route wrapper authenticated, so a handler reading its
// own form (uploads) gets the same companyId check as the bodies the wrapper reads.
const tenantOf = new WeakMap<Request, number>();

/** Called by the route wrapper: a `companyId` in this request's form must be this one. */
export function bindTenant(req: Request, companyId: number) {
  tenantOf.set(req, companyId);
}

/** spec: a companyId (query or body) that is not the caller's answers 404, as if it did not exist. */
export function assertOwnCompany(req: Request, value: unknown) {
  const own = tenantOf.get(req);
  if (own === undefined || value === undefined || value === null || value === "") return;
  if (Number(value) !== own) throw new AppError("ERR_NOT_FOUND", 404);
}

/** Whether the request carries a form (multipart or urlencoded) rather than JSON. */
export function isForm(req: Request): boolean {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  return type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");
}

/**
 * What a request to a route that declares no total of its own may carry (lib/api/route.ts
 * `maxBodyBytes`): 10 MB, as much as Next's proxy kept of any body before uploads skipped it.
 */
export const DEFAULT_MAX_BODY_BYTES = 10 * 1024 * 1024;

/** Room in an upload's total for the form around its files: part headers, boundaries, text fields. */
export const FORM_ROOM_BYTES = 1024 * 1024;

/** 413 ERR_PAYLOAD_TOO_LARGE naming the route's total in bytes (`limit`). */
export const payloadTooLarge = (limit: number) => new AppError("ERR_PAYLOAD_TOO_LARGE", 413, { limit });

/**
 * Holds a request to `limit` bytes. One whose Content-Length says more is refused before a byte
 * is read (413 payloadTooLarge); with a Content-Length within it, the body is read as it is (Node
 * passes no more than announced). One without (chunked) gets back its body as a stream that fails
 * with the same 413 once past the limit, whoever reads it (busboy, formData, text).
 */
export function limitBody(req: Request, limit: number): ReadableStream<Uint8Array> | null {
  const length = req.headers.get("content-length");
  if (length !== null && Number(length) > limit) throw payloadTooLarge(limit);
  if (length !== null || !req.body) return null;
  let size = 0;
  const count = new TransformStream<Uint8Array, Uint8Array>({
    transform(chunk, controller) {
      size += chunk.byteLength;
      if (size > limit) controller.error(payloadTooLarge(limit));
      else controller.enqueue(chunk);
    },
  });
  return req.body.pipeThrough(count);
}

/**
 * 400 ERR_UNEXPECTED_FILE_FIELD naming the field: a multipart route refuses a file under a field it
 * does not read files from, rather than answering 200 without it (issue 34 §2.6).
 */
export const unexpectedFileField = (field: string) => new AppError("ERR_UNEXPECTED_FILE_FIELD", 400, { field });

/**
 * The request's form, for every handler that reads one (the route wrapper and the upload routes).
 * A body that is not a well-formed form (no boundary, a truncated part, `x`) answers 400
 * ERR_INVALID_BODY instead of the parser's exception; a field or file name holding NUL answers
 * 400 ERR_VALIDATION, as JSON bodies do. `clone` leaves the body unread for a later reader. `files`:
 * the fields the handler reads files from; a file in any other is refused (unexpectedFileField),
 * except an empty nameless one (a file input left empty).
 */
export async function readForm(req: Request, opts: { clone?: boolean; files?: readonly string[] } = {}): Promise<FormData> {
  let form: FormData;
  try {
    form = await (opts.clone ? req.clone() : req).formData();
  } catch (err) {
    // a body past the route's total (limitBody) says so; anything else is a malformed form
    throw err instanceof AppError ? err : new AppError("ERR_INVALID_BODY", 400);
  }
  for (const [key, value] of form.entries()) {
    assertNoNul({ [key]: value });
    const isFile = typeof value !== "string";
    if (opts.files && isFile && !opts.files.includes(key) && (value.size > 0 || value.name)) throw unexpectedFileField(key);
  }
  assertOwnCompany(req, form.get("companyId"));
  return form;
}

/**
 * A JSON (or form) body as plain data: {} when empty, 400 ERR_INVALID_JSON when it does not parse.
 * A form is read from a clone, so a handler can still read its files with `readForm(req)`.
 */
export async function readBody(req: Request): Promise<unknown> {
  if (isForm(req)) return Object.fromEntries((await readForm(req, { clone: true })).entries());
  const text = await req.text();
  if (!text.trim()) return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new AppError("ERR_INVALID_JSON", 400);
  }
  assertNoNul(body);
  return body;
}

/**
 * The JSON body of a route that declares none (it ignores it, or reads it itself), read from a
 * clone so the handler still can: checked like any other body for NUL and the caller's companyId.
 * Anything that is not JSON is left to the handler.
 */
export async function peekJson(req: Request): Promise<unknown> {
  if (!req.body || isForm(req)) return undefined;
  let body: unknown;
  try {
    body = JSON.parse(await req.clone().text());
  } catch {
    return undefined;
  }
  assertNoNul(body);
  return body;
}

/** 400 ERR_VALIDATION naming the first string or key of `value` that holds a NUL character. */
export function assertNoNul(value: unknown): void {
  const at = findNul(value);
  if (at) throw new AppError("ERR_VALIDATION", 400, { issues: [{ path: at.join("."), message: INVALID_CHARACTERS }] });
}
