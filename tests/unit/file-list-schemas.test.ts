import { describe, expect, it, vi } from "vitest";
import { fileNameOf } from "@/lib/file-lists/file-list-view";
import { createFileListSchema, fileListFormSchema, updateFileListSchema } from "@/lib/file-lists/schemas";
import { readUploadForm } from "@/lib/file-lists/upload-files";
import type { StreamedUpload, UploadedFile } from "@/lib/storage/upload-stream";

vi.mock("@/db", () => ({ getDb: () => ({}) }));

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.success ? [] : r.error!.issues.map((i) => `${i.path.join(".")}: ${i.message}`);

describe("file list schemas", () => {
  it("name: required, at least 3 ('nome muito curto'); message required", () => {
    expect(messages(createFileListSchema.safeParse({ name: "ab", message: "m" }))).toEqual(["name: nameTooShort"]);
    expect(messages(createFileListSchema.safeParse({ name: " ", message: "m" }))).toEqual(["name: required"]);
    expect(messages(createFileListSchema.safeParse({ name: "abc", message: "  " }))).toEqual(["message: required"]);
    expect(createFileListSchema.parse({ name: " Lista ", message: " Olá " })).toEqual({ name: "Lista", message: "Olá", options: [] });
  });

  it("options need a text; PUT refuses the same option twice", () => {
    expect(messages(createFileListSchema.safeParse({ name: "Lista", message: "m", options: [{ name: "" }] }))).toEqual(["options.0.name: required"]);
    expect(messages(updateFileListSchema.safeParse({ options: [{ id: 1, name: "a" }, { id: 1, name: "b" }] }))).toEqual(["options.1.id: duplicateOption"]);
    expect(updateFileListSchema.parse({ options: [{ id: "7", name: "a" }, { name: "b" }] }).options).toEqual([{ id: 7, name: "a" }, { name: "b" }]);
    expect(updateFileListSchema.safeParse({ options: [{ id: "x", name: "a" }] }).success).toBe(false);
  });

  it("the dialog form uses the same rules", () => {
    const option = { name: "Preços", fileName: "", removeFile: false, file: null };
    expect(messages(fileListFormSchema.safeParse({ name: "ab", message: "", options: [option] }))).toEqual(["name: nameTooShort", "message: required"]);
    expect(fileListFormSchema.safeParse({ name: "abc", message: "m", options: [{ ...option, file: new File(["x"], "a.pdf") }] }).success).toBe(true);
  });

  it("reads a stored key's file name", () => {
    expect(fileNameOf("3/2026-11/0f8fad5b-d9cb-469f-a165-70867728950e-preco.pdf")).toBe("preco.pdf");
    expect(fileNameOf("")).toBe("");
  });
});

describe("readUploadForm", () => {
  // the form as the streaming reader gives it (lib/storage/upload-stream.ts): text fields, stored files
  const file = (name: string): UploadedFile => ({ path: `1/2026-01/x-${name}`, mimetype: "application/octet-stream", filename: name, field: "files", size: 1 });
  const form = (parts: [string, string | UploadedFile][]) => {
    const f: StreamedUpload = { fields: {}, files: [] };
    for (const [k, v] of parts) {
      if (typeof v === "string") (f.fields[k] ??= []).push(v);
      else f.files.push(v);
    }
    return f;
  };

  it("pairs each file with the option id at the same place", () => {
    const a = file("a.pdf");
    const b = file("b.png");
    const got = readUploadForm(form([["fileId", "9"], ["typeArch", "fileList"], ["files", a], ["id", "3"], ["files", b], ["id", "4"]]), 9);
    expect(got.map((u) => [u.optionId, u.file.filename])).toEqual([
      [3, "a.pdf"],
      [4, "b.png"],
    ]);
    expect(readUploadForm(form([["files", a], ["fileId", "5"]]), 9).map((u) => u.optionId)).toEqual([5]);
  });

  it("refuses a form without files, a missing or repeated id, and another list's fileId", () => {
    expect(() => readUploadForm(form([["id", "3"]]), 9)).toThrow("ERR_VALIDATION");
    expect(() => readUploadForm(form([["files", file("a")], ["files", file("b")], ["id", "3"]]), 9)).toThrow("ERR_VALIDATION");
    expect(() => readUploadForm(form([["files", file("a")], ["files", file("b")], ["id", "3"], ["id", "3"]]), 9)).toThrow("ERR_VALIDATION");
    expect(() => readUploadForm(form([["files", file("a")], ["id", "3"], ["fileId", "8"]]), 9)).toThrow("ERR_NOT_FOUND");
    expect(() => readUploadForm(form([["files", file("a")], ["id", "-1"]]), 9)).toThrow();
  });
});
