import { describe, expect, it } from "vitest";
import { canonicalJson, formRequestHash, jsonRequestHash } from "@/lib/external-api/request-hash";
import type { StreamedUpload, UploadedFile } from "@/lib/storage/upload-stream";

// What an Idempotency-Key is compared by (issue 34 §7.5): the same request hashes alike however it
// was written; any other body, field or file byte hashes otherwise.
const file = (sha256: string, over: Partial<UploadedFile> = {}): UploadedFile => ({
  path: `1/2026-11/x-${sha256}.png`,
  mimetype: "image/png",
  filename: "a.png",
  sentName: "a.png",
  field: "medias",
  size: 3,
  sha256,
  ...over,
});
const upload = (fields: Record<string, string[]>, files: UploadedFile[]): StreamedUpload => ({ fields, files });

describe("request hash", () => {
  it("JSON: key order does not count, every value does", () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    const hash = jsonRequestHash({ number: "5511999998888", body: "Olá" });
    expect(hash).toMatch(/^[0-9a-f]{64}$/);
    expect(jsonRequestHash({ body: "Olá", number: "5511999998888" })).toBe(hash);
    expect(jsonRequestHash({ number: "5511999998888", body: "Olá!" })).not.toBe(hash);
    expect(jsonRequestHash({ number: "5511999998888", body: "Olá", extra: 1 })).not.toBe(hash);
  });

  it("multipart: fields and files (their bytes' hash, name, type, field) count; where they were stored does not", () => {
    const hash = formRequestHash(upload({ number: ["5511999998888"], body: ["foto"] }, [file("aa")]));
    expect(formRequestHash(upload({ body: ["foto"], number: ["5511999998888"] }, [file("aa", { path: "1/2026-11/y-a.png" })]))).toBe(hash);
    expect(formRequestHash(upload({ number: ["5511999998888"], body: ["foto"] }, [file("bb")]))).not.toBe(hash);
    expect(formRequestHash(upload({ number: ["5511999998888"], body: ["outra"] }, [file("aa")]))).not.toBe(hash);
    expect(formRequestHash(upload({ number: ["5511999998888"], body: ["foto"] }, [file("aa", { sentName: "b.png" })]))).not.toBe(hash);
    expect(formRequestHash(upload({ number: ["5511999998888"], body: ["foto"] }, [file("aa"), file("aa")]))).not.toBe(hash);
    // a form is never the JSON of the same fields
    expect(jsonRequestHash({ number: "5511999998888", body: "foto" })).not.toBe(formRequestHash(upload({ number: ["5511999998888"], body: ["foto"] }, [])));
  });
});
