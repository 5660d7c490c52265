import path from "node:path";
import { Readable } from "node:stream";
import { AppError } from "@/lib/api/errors";
import { getStorageEnv } from "@/lib/env";
import type { StoredMedia } from "@/lib/whatsapp/types";
import { diskDriver } from "./disk-driver";
import type { ByteRange, StorageDriver } from "./driver";
import { keyUnder, mimeFromName, nameOfKey, newKey, PLATFORM, safeFileName } from "./keys";
import { s3Driver } from "./s3-driver";

// Media storage: one facade over a driver, the local disk (STORAGE_DRIVER=disk, the default) or an
// S3-compatible bucket (STORAGE_DRIVER=s3). Keys are per company (keys.ts); every key check is here,
// so both drivers refuse another company's key and path escapes alike (404 ERR_NOT_FOUND).
export { mimeFromName, safeFileName } from "./keys";
export type { ByteRange, StorageDriver } from "./driver";

// STORAGE_DIR is read from process.env on each call, as before the drivers (tests point it at a temp dir).
// A folder chosen at run time, never part of the build: without the comment Turbopack traced the whole
// project (sources and all) into the server's output.
const diskRoot = () => path.resolve(/*turbopackIgnore: true*/ process.env.STORAGE_DIR ?? path.join(process.env.DATA_DIR ?? ".data", "media"));
const disk = diskDriver(diskRoot);
let s3: { sig: string; driver: StorageDriver } | null = null;
let override: StorageDriver | null = null;

/** The configured driver (the S3 client is made once per configuration). */
export function storageDriver(): StorageDriver {
  if (override) return override;
  return getStorageEnv().STORAGE_DRIVER === "s3" ? s3Storage() : disk;
}

/** The local disk store (STORAGE_DIR), whatever the configured driver: the copy command's source. */
export const diskStorage = () => disk;

/** The bucket the S3_* variables name, whatever the configured driver (S3_BUCKET required). */
export function s3Storage(): StorageDriver {
  // the storage settings alone: the copy command runs with no secrets set
  const env = getStorageEnv();
  if (!env.S3_BUCKET) throw new Error("S3_BUCKET is not set");
  const cfg = {
    bucket: env.S3_BUCKET, region: env.S3_REGION, endpoint: env.S3_ENDPOINT, accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY, forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
  const sig = JSON.stringify(cfg);
  if (s3?.sig !== sig) s3 = { sig, driver: s3Driver(cfg) };
  return s3.driver;
}

/** Tests: run the storage on this driver (null: back to the configured one). */
export function setStorageDriver(driver: StorageDriver | null) {
  override = driver;
}

type Meta = { mimetype?: string; filename: string };

/** Stores bytes (or a stream, consumed as it arrives) for a company: the key with its type and original name. */
export async function saveMedia(companyId: number, data: Uint8Array | Readable, meta: Meta): Promise<StoredMedia> {
  return saveUnder(String(companyId), data, meta);
}

/** Stores bytes in the platform area, readable by every signed-in user (announcement media). */
export async function savePlatformMedia(data: Uint8Array | Readable, meta: Meta): Promise<StoredMedia> {
  return saveUnder(PLATFORM, data, meta);
}

async function saveUnder(area: string, data: Uint8Array | Readable, meta: Meta): Promise<StoredMedia> {
  const filename = safeFileName(meta.filename);
  const key = newKey(area, filename);
  const mimetype = meta.mimetype || mimeFromName(filename);
  try {
    await storageDriver().put(key, data, mimetype);
  } catch (err) {
    await removeQuietly(key); // a stream that failed half way leaves nothing behind
    throw err;
  }
  return { path: key, mimetype, filename };
}

const companyKey = (companyId: number, key: string) => keyUnder(String(companyId), key);
/** A key the company may read: its own or the platform area's; else 404. */
function readableKey(companyId: number, key: string): string {
  const found = companyKey(companyId, key) ?? keyUnder(PLATFORM, key);
  if (!found) throw new AppError("ERR_NOT_FOUND", 404);
  return found;
}

/** Is this key in the platform area (every signed-in user may read it)? */
export const isPlatformKey = (key: string) => keyUnder(PLATFORM, key) !== null;

/**
 * Removes a company's file once nothing points at it any more (the caller knows: it has just
 * replaced or deleted the only row that did). Best effort, after the row's change is committed:
 * a file already gone is fine, and a failure is logged rather than undoing the change.
 */
export async function deleteMedia(companyId: number, key: string | null | undefined): Promise<void> {
  const found = key ? companyKey(companyId, key) : null;
  if (found) await removeQuietly(found);
}

/** Removes a platform-area file once nothing points at it (best effort, as deleteMedia). */
export async function deletePlatformMedia(key: string | null | undefined): Promise<void> {
  const found = key ? keyUnder(PLATFORM, key) : null;
  if (found) await removeQuietly(found);
}

async function removeQuietly(key: string) {
  await storageDriver().remove(key).catch((err: Error) => console.error(`[storage] could not delete ${key}: ${err.message}`));
}

/**
 * Removes all of a company's media (the company is deleted; on S3 a list and delete by prefix).
 * Best effort after the rows are gone: nothing stored is fine, a failure is logged.
 */
export async function deleteCompanyMedia(companyId: number): Promise<void> {
  if (!Number.isSafeInteger(companyId) || companyId <= 0) return;
  await storageDriver().removePrefix(`${companyId}/`).catch((err: Error) => {
    console.error(`[storage] could not delete the media of company ${companyId}: ${err.message}`);
  });
}

export type MediaInfo = { key: string; size: number; mimetype: string; filename: string };

/** A company's (or a platform-area) file's size and type; any other key, or none stored, answers 404. */
export async function statMedia(companyId: number, key: string): Promise<MediaInfo> {
  const found = readableKey(companyId, key);
  const size = await storageDriver().size(found);
  if (size === null) throw new AppError("ERR_NOT_FOUND", 404);
  const filename = nameOfKey(found);
  return { key: found, size, mimetype: mimeFromName(filename), filename };
}

/** A stream of a readable file's bytes (or a range of them); 404 as statMedia. */
export async function streamMedia(companyId: number, key: string, range?: ByteRange): Promise<Readable> {
  const stream = await storageDriver().read(readableKey(companyId, key), range);
  if (!stream) throw new AppError("ERR_NOT_FOUND", 404);
  return stream;
}

/**
 * The bytes of a company's file or of a platform-area file, whole (WhatsApp sends need them); any
 * other company's key (or a path escape) answers 404, as does a file not stored.
 */
export async function readMedia(companyId: number, key: string): Promise<{ data: Buffer; mimetype: string; filename: string }> {
  const stream = await streamMedia(companyId, key);
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  const filename = nameOfKey(path.posix.normalize(key));
  return { data: Buffer.concat(chunks), mimetype: mimeFromName(filename), filename };
}

/** The authenticated URL the browser uses for a stored file. */
export const mediaUrl = (key: string) => `/api/media/${key.split("/").map(encodeURIComponent).join("/")}`;
