import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { AppError } from "@/lib/api/errors";
import type { StoredMedia } from "@/lib/whatsapp/types";

// Media files on local disk under STORAGE_DIR (default DATA_DIR/media), one folder per company.
// Keys look like `{companyId}/{yyyy-mm}/{uuid}-{safe-name}`; the company prefix is how the
// authenticated media route refuses another company's files. One more folder, `platform/`, holds
// what the platform shows every company (announcement media): every signed-in user may read it,
// only the services that write it (super users') may change it.
const PLATFORM = "platform";
function root() {
  return path.resolve(process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? ".data", "media"));
}

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

/** Stores bytes for a company and returns the storage key with its type and original name. */
export async function saveMedia(companyId: number, data: Uint8Array, meta: { mimetype?: string; filename: string }): Promise<StoredMedia> {
  return saveUnder(String(companyId), data, meta);
}

/** Stores bytes in the platform area, readable by every signed-in user (announcement media). */
export async function savePlatformMedia(data: Uint8Array, meta: { mimetype?: string; filename: string }): Promise<StoredMedia> {
  return saveUnder(PLATFORM, data, meta);
}

async function saveUnder(folder: string, data: Uint8Array, meta: { mimetype?: string; filename: string }): Promise<StoredMedia> {
  const filename = safeFileName(meta.filename);
  const key = `${folder}/${new Date().toISOString().slice(0, 7)}/${randomUUID()}-${filename}`;
  const file = path.join(root(), key);
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, data);
  return { path: key, mimetype: meta.mimetype || mimeFromName(filename), filename };
}

/** A key under one folder as a path under the storage root, or null for another folder's key or a path escape. */
function fileUnder(folder: string, key: string): string | null {
  const normal = path.posix.normalize(key);
  if (normal.startsWith("..") || !normal.startsWith(`${folder}/`)) return null;
  return path.join(root(), normal);
}

const companyFile = (companyId: number, key: string) => fileUnder(String(companyId), key);

/** Is this key in the platform area (every signed-in user may read it)? */
export const isPlatformKey = (key: string) => fileUnder(PLATFORM, key) !== null;

/**
 * Removes a company's file once nothing points at it any more (the caller knows: it has just
 * replaced or deleted the only row that did). Best effort, after the row's change is committed:
 * a file already gone is fine, and a failure is logged rather than undoing the change.
 */
export async function deleteMedia(companyId: number, key: string | null | undefined): Promise<void> {
  await unlinkQuietly(key ? companyFile(companyId, key) : null, key);
}

/** Removes a platform-area file once nothing points at it (best effort, as deleteMedia). */
export async function deletePlatformMedia(key: string | null | undefined): Promise<void> {
  await unlinkQuietly(key ? fileUnder(PLATFORM, key) : null, key);
}

async function unlinkQuietly(file: string | null, key: string | null | undefined) {
  if (!file) return;
  await fs.unlink(file).catch((err: NodeJS.ErrnoException) => {
    if (err.code !== "ENOENT") console.error(`[storage] could not delete ${key}: ${err.message}`);
  });
}

/**
 * Removes a company's whole media folder (the company is deleted). Best effort after the rows are
 * gone: a folder never made is fine, a failure is logged.
 */
export async function deleteCompanyMedia(companyId: number): Promise<void> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return;
  await fs.rm(path.join(root(), String(companyId)), { recursive: true, force: true }).catch((err: NodeJS.ErrnoException) => {
    console.error(`[storage] could not delete the media of company ${companyId}: ${err.message}`);
  });
}

/**
 * The bytes of a company's file or of a platform-area file; any other company's key (or a path
 * escape) answers 404.
 */
export async function readMedia(companyId: number, key: string): Promise<{ data: Buffer; mimetype: string; filename: string }> {
  const file = companyFile(companyId, key) ?? fileUnder(PLATFORM, key);
  if (!file) throw new AppError("ERR_NOT_FOUND", 404);
  try {
    const data = await fs.readFile(file);
    const filename = path.basename(file).replace(/^[0-9a-f-]{36}-/, "");
    return { data, mimetype: mimeFromName(filename), filename };
  } catch {
    throw new AppError("ERR_NOT_FOUND", 404);
  }
}

/** The authenticated URL the browser uses for a stored file. */
export const mediaUrl = (key: string) => `/api/media/${key.split("/").map(encodeURIComponent).join("/")}`;
