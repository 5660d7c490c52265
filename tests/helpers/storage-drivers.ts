import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { startS3, setEnv, type FakeS3 } from "./s3rver";

/** The storage drivers every storage test runs on: the disk (a temp dir) and S3 (s3rver). */
export const DRIVERS = ["disk", "s3"] as const;
export type DriverName = (typeof DRIVERS)[number];

/** Points lib/storage at `driver` for a test file's describe block; `stop` undoes it. */
export async function startDriver(driver: DriverName) {
  const storageDir = await fs.mkdtemp(path.join(os.tmpdir(), `storage-${driver}-`));
  const s3: FakeS3 | null = driver === "s3" ? await startS3() : null;
  const vars = { STORAGE_DIR: storageDir, ...(s3 ? s3.env : { STORAGE_DRIVER: "disk" }) };
  setEnv(vars);
  return {
    storageDir,
    s3,
    async stop() {
      setEnv(Object.fromEntries(Object.keys(vars).map((k) => [k, undefined])));
      await s3?.close();
      await fs.rm(storageDir, { recursive: true, force: true });
    },
  };
}
