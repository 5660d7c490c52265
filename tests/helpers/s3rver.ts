import fs from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
// s3rver ships no types: the little used here is typed below
// eslint-disable-next-line @typescript-eslint/ban-ts-comment
// @ts-ignore
import S3rver from "s3rver";
import { resetEnvCache } from "@/lib/env";

// the SDK warns once per process that later versions want Node 22: noise in test output
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= "true";

type S3rverServer = { run(): Promise<AddressInfo>; close(): Promise<void> };
type S3rverCtor = new (opts: Record<string, unknown>) => S3rverServer;

export type FakeS3 = { endpoint: string; bucket: string; env: Record<string, string>; close(): Promise<void> };

/**
 * A real S3 protocol endpoint for tests: s3rver on a free port over a temp directory, with one empty
 * bucket. `env` holds the S3_* variables that point the storage at it.
 */
export async function startS3(bucket = "media"): Promise<FakeS3> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), "s3rver-"));
  const server = new (S3rver as S3rverCtor)({ port: 0, address: "127.0.0.1", directory, silent: true, configureBuckets: [{ name: bucket }] });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const env = {
    STORAGE_DRIVER: "s3", S3_BUCKET: bucket, S3_REGION: "us-east-1", S3_ENDPOINT: endpoint,
    // s3rver's fixed test credentials
    S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER", S3_FORCE_PATH_STYLE: "1",
  };
  return {
    endpoint, bucket, env,
    async close() {
      await server.close();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}

/** Sets (or with `undefined`, removes) environment variables and drops the cached env. */
export function setEnv(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
  resetEnvCache();
}
