import { beforeEach, describe, expect, it, vi } from "vitest";
import { saveFileList } from "@/components/file-lists/save-file-list";

// The dialog's save: the list first, then one upload naming each picked file's option, a new
// option's id read from the answer (the options not known before, in order).
const calls: { path: string; init: { method?: string; json?: unknown; body?: unknown } }[] = [];
let answers: unknown[] = [];
vi.mock("@/lib/api/client", () => ({
  api: async (path: string, init: { method?: string; json?: unknown; body?: unknown } = {}) => {
    calls.push({ path, init });
    return answers.shift();
  },
}));

beforeEach(() => {
  calls.length = 0;
  answers = [];
});

const file = (name: string) => new File(["x"], name);
const opt = (o: Partial<{ id: number; name: string; fileName: string; removeFile: boolean; file: File | null }>) => ({
  name: "o",
  fileName: "",
  removeFile: false,
  file: null,
  ...o,
});

describe("saveFileList", () => {
  it("creates, then uploads the picked files with the new options' ids", async () => {
    const created = { id: 9, name: "Lista", message: "m", options: [{ id: 31 }, { id: 32 }, { id: 33 }] };
    answers = [created, { ...created, uploaded: true }];
    const a = file("a.pdf");
    const c = file("c.png");
    const res = await saveFileList(null, { name: "Lista", message: "m", options: [opt({ name: "A", file: a }), opt({ name: "B" }), opt({ name: "C", file: c })] });
    expect(calls[0]).toMatchObject({ path: "/api/files", init: { method: "POST", json: { name: "Lista", message: "m", options: [{ name: "A" }, { name: "B" }, { name: "C" }] } } });
    const form = calls[1].init.body as FormData;
    expect(calls[1].path).toBe("/api/files/uploadList/9");
    expect(form.getAll("id")).toEqual(["31", "33"]);
    expect((form.getAll("files") as File[]).map((f) => f.name)).toEqual(["a.pdf", "c.png"]);
    expect(res).toMatchObject({ uploaded: true });
  });

  it("edits with the whole set of options; new ones are matched in order, no upload without files", async () => {
    answers = [{ id: 4, options: [{ id: 10 }, { id: 12 }, { id: 15 }] }, {}];
    const f = file("novo.pdf");
    await saveFileList(4, {
      name: "L",
      message: "m",
      options: [opt({ id: 12, name: "mantida", removeFile: true }), opt({ name: "nova", file: f }), opt({ id: 10, name: "outra", removeFile: true, file: file("x.pdf") })],
    });
    expect(calls[0].init).toMatchObject({
      method: "PUT",
      json: { options: [{ id: 12, name: "mantida", removeFile: true }, { name: "nova" }, { id: 10, name: "outra", removeFile: false }] },
    });
    expect((calls[1].init.body as FormData).getAll("id")).toEqual(["15", "10"]);

    calls.length = 0;
    answers = [{ id: 4, options: [] }];
    await saveFileList(4, { name: "L", message: "m", options: [] });
    expect(calls).toHaveLength(1);
  });
});
