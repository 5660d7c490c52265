import { api } from "@/lib/api/client";
import type { FileListFormValues } from "@/lib/file-lists/schemas";
import type { FileListDetail } from "./file-list-types";

/**
 * Saves the dialog: the list and its options first (POST, or PUT with the whole set), then the
 * picked files in one upload, each with the id of its option. A new option's id is found in the
 * answer: the options not known before, in the order they were added.
 */
export async function saveFileList(id: number | null, values: FileListFormValues): Promise<FileListDetail> {
  const options = values.options.map((o) => (o.id ? { id: o.id, name: o.name, removeFile: o.removeFile && !o.file } : { name: o.name }));
  const saved = await api<FileListDetail>(id ? `/api/files/${id}` : "/api/files", {
    method: id ? "PUT" : "POST",
    json: { name: values.name, message: values.message, options },
  });
  const known = new Set(values.options.flatMap((o) => (o.id ? [o.id] : [])));
  const added = saved.options.filter((o) => !known.has(o.id));
  let next = 0;
  const ids = values.options.map((o) => o.id ?? added[next++]?.id);
  const form = new FormData();
  values.options.forEach((o, i) => {
    if (!o.file || !ids[i]) return;
    form.append("files", o.file);
    form.append("id", String(ids[i]));
  });
  if (!form.has("files")) return saved;
  return api<FileListDetail>(`/api/files/uploadList/${saved.id}`, { method: "POST", body: form });
}
