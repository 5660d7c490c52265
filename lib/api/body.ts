import { findNul, INVALID_CHARACTERS } from "@/lib/validation/nul";
import { AppError } from "./errors";

/** Whether the request carries a form (multipart or urlencoded) rather than JSON. */
export function isForm(req: Request): boolean {
  const type = (req.headers.get("content-type") ?? "").toLowerCase();
  return type.includes("multipart/form-data") || type.includes("application/x-www-form-urlencoded");
}

/**
 * The request's form, for every handler that reads one (the route wrapper and the upload routes).
 * A body that is not a well-formed form (no boundary, a truncated part, `x`) answers 400
 * ERR_INVALID_BODY instead of the parser's exception; a field or file name holding NUL answers
 * 400 ERR_VALIDATION, as JSON bodies do. `clone` leaves the body unread for a later reader.
 */
export async function readForm(req: Request, opts: { clone?: boolean } = {}): Promise<FormData> {
  let form: FormData;
  try {
    form = await (opts.clone ? req.clone() : req).formData();
  } catch {
    throw new AppError("ERR_INVALID_BODY", 400);
  }
  for (const [key, value] of form.entries()) assertNoNul({ [key]: value });
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

/** 400 ERR_VALIDATION naming the first string or key of `value` that holds a NUL character. */
export function assertNoNul(value: unknown, prefix: (string | number)[] = []): void {
  const at = findNul(value);
  if (at) {
    const path = [...prefix, ...at].join(".");
    throw new AppError("ERR_VALIDATION", 400, { issues: [{ path, message: INVALID_CHARACTERS }] });
  }
}
