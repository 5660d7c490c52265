import { execFile } from "node:child_process";
import { createHash } from "node:crypto";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { diskStorage, readMedia, s3Storage, saveMedia, savePlatformMedia, setStorageDriver } from "@/lib/storage";
import { copyStore } from "@/lib/storage/copy-store";
import { setEnv } from "../helpers/s3rver";
import { startDriver } from "../helpers/storage-drivers";

// Moving an existing disk store into a bucket (npm run media:copy-to-s3, docs/storage.md): every
// key copied with its bytes, a second run skips what is there, the command prints its counts.
const run = promisify(execFile);
let stop: () => Promise<void>;
let s3Env: Record<string, string>;
const sha = (d: Uint8Array) => createHash("sha256").update(d).digest("hex");
const bytes = (n: number) => Uint8Array.from({ length: n }, (_, i) => (i * 7) % 256);

beforeAll(async () => {
  // the disk store is the source: files written with the disk driver, the bucket empty
  const started = await startDriver("s3");
  stop = started.stop;
  s3Env = started.s3!.env;
  setEnv({ STORAGE_DRIVER: "disk" });
});
afterAll(() => stop());

describe("copying the disk store into the bucket", () => {
  it("copies every key (company and platform areas), then skips them; the bucket serves them", async () => {
    const files = [
      await saveMedia(11, bytes(3000), { filename: "a.png" }),
      await saveMedia(12, bytes(10), { filename: "b.pdf" }),
      await saveMedia(12, bytes(0), { filename: "vazio.txt" }),
      await savePlatformMedia(bytes(5), { filename: "aviso.jpg" }),
    ];
    const first = await copyStore(diskStorage(), s3Storage());
    expect(first).toEqual({ copied: 4, skipped: 0, failed: 0, bytes: 3015 });
    expect(await copyStore(diskStorage(), s3Storage())).toEqual({ copied: 0, skipped: 4, failed: 0, bytes: 0 });

    setStorageDriver(s3Storage());
    try {
      expect(sha((await readMedia(11, files[0].path)).data)).toBe(sha(bytes(3000)));
      expect((await readMedia(12, files[2].path)).data.length).toBe(0);
      expect(sha((await readMedia(12, files[3].path)).data)).toBe(sha(bytes(5)));
    } finally {
      setStorageDriver(null);
    }
  });

  it("npm run media:copy-to-s3 prints its counts and copies what is new, with the storage settings alone (no secrets)", async () => {
    await saveMedia(13, bytes(100), { filename: "novo.ogg" });
    // a storage tool needs only the storage settings: no AUTH_SECRET, REFRESH_SECRET or database
    const { AUTH_SECRET: _a, REFRESH_SECRET: _r, NEXTAUTH_SECRET: _n, DATABASE_URL: _d, ...rest } = process.env;
    void [_a, _r, _n, _d];
    const { stdout } = await run(process.execPath, ["--import", "tsx", "workers/copy-media-to-s3.ts"], {
      env: { ...rest, ...s3Env, STORAGE_DRIVER: "s3", AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
    });
    expect(stdout).toMatch(/^copied 1 \(0\.0 MB\), skipped 4 already there, failed 0/);
  });
});
