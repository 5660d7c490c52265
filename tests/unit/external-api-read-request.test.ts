import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError } from "@/lib/api/errors";
import { readSendRequest } from "@/lib/external-api/read-send-request";
import { MAX_UPLOAD_FILES } from "@/lib/messages/send-from-request";

// The send's input (issue 14 §1): JSON { number, body }, or multipart number/body/medias with the
// agent upload's limits. The files are streamed into storage as they arrive: a temp folder here.
let storageDir: string;
beforeAll(async () => {
  storageDir = await fs.mkdtemp(path.join(os.tmpdir(), "read-send-"));
  process.env.STORAGE_DIR = storageDir;
});
afterAll(() => fs.rm(storageDir, { recursive: true, force: true }));
const url = "http://127.0.0.1/api/messages/send";
const json = (body: unknown) => new Request(url, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
function form(fields: Record<string, string>, files: string[] = []) {
  const f = new FormData();
  for (const [k, v] of Object.entries(fields)) f.append(k, v);
  for (const name of files) f.append("medias", new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }), name);
  return new Request(url, { method: "POST", body: f });
}
const codeOf = async (p: Promise<unknown>) => p.then(() => "ok", (e: unknown) => (e instanceof AppError ? e.code : (e as Error).name));

describe("readSendRequest", () => {
  it("JSON: a text message", async () => {
    expect(await readSendRequest(json({ number: "5511999998888", body: "Olá" }), 1)).toEqual({ number: "5511999998888", body: "Olá", files: [], requestHash: expect.stringMatching(/^[0-9a-f]{64}$/) });
    expect(await codeOf(readSendRequest(json({ number: "5511999998888" }), 1))).toBe("ZodError");
  });

  it("multipart: files with an optional caption", async () => {
    const one = await readSendRequest(form({ number: "5511999998888" }, ["a.png"]), 1);
    expect({ ...one, files: one.files.map((f) => f.filename) }).toMatchObject({ number: "5511999998888", body: "", files: ["a.png"] });
    const two = await readSendRequest(form({ number: "5511999998888", body: "Veja" }, ["a.png", "b.png"]), 1);
    expect({ ...two, files: two.files.map((f) => f.filename) }).toMatchObject({ number: "5511999998888", body: "Veja", files: ["a.png", "b.png"] });
  });

  it("multipart: the request's hash covers each file's bytes, hashed as they streamed into storage", async () => {
    const withBytes = (fill: number) => {
      const f = new FormData();
      f.append("number", "5511999998888");
      f.append("medias", new Blob([new Uint8Array(100_000).fill(fill)], { type: "image/png" }), "a.png");
      return new Request(url, { method: "POST", body: f });
    };
    const [a, again, other] = await Promise.all([withBytes(1), withBytes(1), withBytes(2)].map((r) => readSendRequest(r, 1)));
    expect(again.requestHash).toBe(a.requestHash);
    expect(other.requestHash).not.toBe(a.requestHash);
  });

  it("multipart without a file is a text message: the body is required", async () => {
    expect(await readSendRequest(form({ number: "5511999998888", body: "só texto" }), 1)).toMatchObject({ body: "só texto", files: [] });
    expect(await codeOf(readSendRequest(form({ number: "5511999998888" }), 1))).toBe("ZodError");
  });

  it("at most the agent upload's number of files", async () => {
    const many = Array.from({ length: MAX_UPLOAD_FILES + 1 }, (_, i) => `f${i}.png`);
    expect(await codeOf(readSendRequest(form({ number: "5511999998888" }, many), 1))).toBe("ERR_VALIDATION");
  });

  it("a body that is not the form its content type says: 400 ERR_INVALID_BODY", async () => {
    const bad = new Request(url, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=x" }, body: "nope" });
    expect(await codeOf(readSendRequest(bad, 1))).toBe("ERR_INVALID_BODY");
  });
});
