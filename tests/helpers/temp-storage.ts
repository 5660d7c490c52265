import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, beforeEach, vi } from "vitest";

/**
 * For a file of adapter tests: media stored in a temporary folder (STORAGE_DIR, removed after the
 * file), and the provider's own console lines kept out of the test output. Answers the folder.
 */
export function withTempStorage(prefix: string, quiet: ("info" | "warn" | "error")[] = ["info", "warn"]) {
  const dir = { path: "" };
  beforeAll(async () => {
    dir.path = await mkdtemp(path.join(os.tmpdir(), prefix));
    process.env.STORAGE_DIR = dir.path;
  });
  afterAll(async () => {
    delete process.env.STORAGE_DIR;
    await rm(dir.path, { recursive: true, force: true });
  });
  beforeEach(() => {
    vi.restoreAllMocks();
    for (const level of quiet) vi.spyOn(console, level).mockImplementation(() => {});
  });
  return dir;
}
