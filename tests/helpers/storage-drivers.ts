import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { NextRequest } from "next/server";
import { afterAll, beforeAll, expect } from "vitest";
import { GET as mediaRoute } from "@/app/api/media/[...key]/route";
import { setStorageDriver, storageDriver, type StorageDriver } from "@/lib/storage";
import { BASE_URL } from "./http";
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

/** A describe block's storage: `driver` before its tests; after them, the default driver and nothing left behind. */
export function useStorageDriver(driver: DriverName) {
  let stop: () => Promise<void>;
  beforeAll(async () => void ({ stop } = await startDriver(driver)));
  afterAll(async () => {
    setStorageDriver(null);
    await stop();
  });
}

/** The configured driver, recording how each put got its body ("stream" or "bytes"); `setStorageDriver(null)` ends it. */
export function spyOnPuts(): string[] {
  const real = storageDriver();
  const puts: string[] = [];
  const spy: StorageDriver = { ...real, put: (key, body, type) => (puts.push(body instanceof Readable ? "stream" : "bytes"), real.put(key, body, type)) };
  setStorageDriver(spy);
  return puts;
}

/** The stored keys under `prefix`, sorted. */
export async function storedKeys(prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const o of storageDriver().list(prefix)) keys.push(o.key);
  return keys.sort();
}

/** A stored file read back through GET /api/media (200 expected): its sha256 and the answer's headers. */
export async function readBack(key: string, token: string): Promise<{ sha256: string; headers: Headers }> {
  const read = await mediaRoute(new NextRequest(new URL(`/api/media/${key}`, BASE_URL), { headers: { authorization: `Bearer ${token}` } }), {
    params: Promise.resolve({ key: key.split("/") }),
  });
  expect(read.status).toBe(200);
  const hash = createHash("sha256");
  for await (const chunk of read.body as unknown as AsyncIterable<Uint8Array>) hash.update(chunk);
  return { sha256: hash.digest("hex"), headers: read.headers };
}
