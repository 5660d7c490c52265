import type { StorageDriver } from "./driver";
import { mimeFromName } from "./keys";

export type CopyCounts = { copied: number; skipped: number; failed: number; bytes: number };

/**
 * Copies every object of one store into another, streaming each (the disk store into a bucket when
 * moving to STORAGE_DRIVER=s3). Idempotent: a key already in the target with the same size is
 * skipped, so a run stopped half way is simply run again. A failed object is logged and counted;
 * the others still go.
 */
export async function copyStore(from: StorageDriver, to: StorageDriver, log: (line: string) => void = () => {}): Promise<CopyCounts> {
  const counts: CopyCounts = { copied: 0, skipped: 0, failed: 0, bytes: 0 };
  for await (const { key, size } of from.list("")) {
    try {
      if ((await to.size(key)) === size) {
        counts.skipped++;
        continue;
      }
      const body = await from.read(key);
      if (!body) continue; // deleted since the listing
      await to.put(key, body, mimeFromName(key));
      counts.copied++;
      counts.bytes += size;
    } catch (err) {
      counts.failed++;
      log(`failed ${key}: ${(err as Error).message}`);
    }
  }
  return counts;
}
