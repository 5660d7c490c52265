import { createWriteStream } from "node:fs";
import fs from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ByteRange, StorageDriver } from "./driver";

const missing = (err: unknown) => (err as NodeJS.ErrnoException)?.code === "ENOENT";

/**
 * Media as files under `root`, one folder per key segment. `root` is a function because it is read
 * on each call: STORAGE_DIR (default DATA_DIR/media) straight from process.env, as it always was.
 */
export function diskDriver(root: () => string): StorageDriver {
  const fileOf = (key: string) => {
    const base = path.resolve(root());
    const file = path.resolve(base, key);
    // the facade has already refused escapes; this keeps a driver bug from reaching outside the root
    if (!file.startsWith(base + path.sep)) throw new Error(`[storage] key outside the storage root: ${key}`);
    return file;
  };
  return {
    async put(key, body) {
      const file = fileOf(key);
      await fs.mkdir(path.dirname(file), { recursive: true });
      if (!(body instanceof Readable)) return fs.writeFile(file, body);
      try {
        await pipeline(body, createWriteStream(file));
      } catch (err) {
        await fs.rm(file, { force: true }); // no partial file stays behind
        throw err;
      }
    },
    async size(key) {
      try {
        const stat = await fs.stat(fileOf(key));
        return stat.isFile() ? stat.size : null;
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
    },
    async read(key, range?: ByteRange) {
      let handle: fs.FileHandle;
      try {
        handle = await fs.open(fileOf(key), "r");
      } catch (err) {
        if (missing(err)) return null;
        throw err;
      }
      // a directory opens fine on Linux: a key naming a folder is no object
      if (!(await handle.stat()).isFile()) {
        await handle.close();
        return null;
      }
      return handle.createReadStream(range ? { start: range.start, end: range.end } : {});
    },
    async remove(key) {
      await fs.rm(fileOf(key), { force: true });
    },
    async removePrefix(prefix) {
      await fs.rm(fileOf(prefix), { recursive: true, force: true });
    },
    async *list(prefix) {
      const base = path.resolve(root());
      const entries = await fs.readdir(path.join(base, prefix), { recursive: true, withFileTypes: true }).catch((err) => {
        if (missing(err)) return [];
        throw err;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const file = path.join(entry.parentPath, entry.name);
        yield { key: path.relative(base, file).split(path.sep).join("/"), size: (await fs.stat(file)).size };
      }
    },
  };
}
