import { createHash } from "node:crypto";
import type { StreamedUpload } from "@/lib/storage/upload-stream";

/**
 * What an Idempotency-Key is compared by (issue 34 §7.5): the hex SHA-256 of the canonical request.
 * JSON: the parsed body as JSON with every object's keys sorted, so key order and spacing do not
 * count. Multipart: the text fields (sorted by name, each with its values in the order sent) and
 * the files in the order sent, each as its field, name, type and the SHA-256 of its bytes (hashed as
 * it streamed into storage).
 */
export function jsonRequestHash(body: unknown): string {
  return sha256(canonicalJson({ json: body }));
}

export function formRequestHash(upload: StreamedUpload): string {
  const files = upload.files.map((f) => ({ field: f.field, name: f.sentName ?? f.filename, type: f.mimetype, sha256: f.sha256 ?? null }));
  return sha256(canonicalJson({ form: { fields: upload.fields, files } }));
}

/** JSON.stringify with object keys sorted at every depth (arrays keep their order). */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, (v as Record<string, unknown>)[k]]))
      : v,
  );
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");
