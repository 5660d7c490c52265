import type { Readable } from "node:stream";

/** Inclusive byte offsets, as HTTP ranges count them. */
export type ByteRange = { start: number; end: number };

/**
 * Where media bytes live: the local disk (disk-driver.ts) or an S3-compatible bucket (s3-driver.ts).
 * A driver knows nothing of companies: the facade (index.ts) builds and checks every key before a
 * driver sees it, so both drivers share the tenancy rules.
 */
export interface StorageDriver {
  /** Writes an object; a stream is consumed as it arrives (never held whole in memory). */
  put(key: string, body: Uint8Array | Readable, contentType: string): Promise<void>;
  /** The object's size in bytes, or null when there is none. */
  size(key: string): Promise<number | null>;
  /** The object's bytes (or a range of them) as a stream, or null when there is none. */
  read(key: string, range?: ByteRange): Promise<Readable | null>;
  /** Removes an object; one already gone is fine. */
  remove(key: string): Promise<void>;
  /** Removes every object whose key starts with `prefix` (which ends with "/"). */
  removePrefix(prefix: string): Promise<void>;
  /** Every object under `prefix` ("" for all), with its size. */
  list(prefix: string): AsyncIterable<{ key: string; size: number }>;
}
