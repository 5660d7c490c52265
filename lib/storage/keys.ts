import { randomUUID } from "node:crypto";
import path from "node:path";

// Keys look like `{companyId}/{yyyy-mm}/{uuid}-{safe-name}`; the company prefix is how the
// authenticated media route refuses another company's files. One more area, `platform/`, holds
// what the platform shows every company (announcement media): every signed-in user may read it,
// only the services that write it (super users') may change it.
export const PLATFORM = "platform";

const MIME_BY_EXT: Record<string, string> = {
  ".jpg": "image/jpeg", ".jpeg": "image/jpeg", ".png": "image/png", ".webp": "image/webp", ".gif": "image/gif",
  ".mp3": "audio/mpeg", ".ogg": "audio/ogg", ".opus": "audio/ogg", ".m4a": "audio/mp4", ".wav": "audio/wav",
  ".mp4": "video/mp4", ".3gp": "video/3gpp", ".pdf": "application/pdf", ".txt": "text/plain",
  ".csv": "text/csv", ".zip": "application/zip", ".vcf": "text/vcard",
};

export function safeFileName(name: string): string {
  const base = path.basename(name || "file").normalize("NFKD").replace(/[^\w.-]+/g, "_").replace(/^\.+/, "");
  return (base || "file").slice(-120);
}

export function mimeFromName(name: string): string {
  return MIME_BY_EXT[path.extname(name).toLowerCase()] ?? "application/octet-stream";
}

/** A new key in an area (a company id or `platform`) for a file of this (already safe) name. */
export const newKey = (area: string, filename: string) => `${area}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}-${filename}`;

/** The key in its normal form when it lies in `area`, or null for another area's key or a path escape. */
export function keyUnder(area: string, key: string): string | null {
  const normal = path.posix.normalize(key);
  if (normal.startsWith("..") || !normal.startsWith(`${area}/`) || normal.length === area.length + 1) return null;
  return normal;
}

/** The original name of a stored file (its key without the uuid). */
export const nameOfKey = (key: string) => path.posix.basename(key).replace(/^[0-9a-f-]{36}-/, "");
