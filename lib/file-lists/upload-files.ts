import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { fileListOptions } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { mimeFromName, saveMedia } from "@/lib/storage";
import { deleteFiles, getFileList, lockFileList, publishFileList, type FileListView } from "./file-list-view";
import { FILE_LIST_MAX_BYTES, UPLOAD_FILES_MAX, uploadFormSchema } from "./schemas";

const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", 400, { issues: [{ path, message }] });

/** The upload's files and the option each goes to, read from its form (shape: lib/file-lists/schemas.ts). */
export function readUploadForm(form: FormData, listId: number): { optionId: number; file: File }[] {
  const files = form.getAll("files").filter((f): f is File => typeof f !== "string" && f.size > 0);
  const { ids, fileIds } = uploadFormSchema.parse({ ids: form.getAll("id"), fileIds: form.getAll("fileId") });
  if (files.length === 0) throw invalid("files", "required");
  if (files.length > UPLOAD_FILES_MAX) throw invalid("files", "tooLong");
  // with `id` parts, `fileId` is the spec client's list id: it must name this list
  if (ids.length > 0 && fileIds.some((f) => f !== listId)) throw new AppError("ERR_NOT_FOUND", 404);
  const optionIds = ids.length > 0 ? ids : fileIds;
  if (optionIds.length !== files.length) throw invalid("id", "oneIdPerFile");
  if (new Set(optionIds).size !== optionIds.length) throw invalid("id", "duplicateOption");
  if (files.some((f) => f.size > FILE_LIST_MAX_BYTES)) throw new AppError("ERR_MEDIA_TOO_LARGE", 413);
  return files.map((file, i) => ({ optionId: optionIds[i], file }));
}

/**
 * POST /files/uploadList/{id}: stores each file in the company's storage and points its option at
 * it; an option's earlier file is deleted once the change is committed. Options must be of this
 * list (404 otherwise, and nothing is kept).
 */
export async function uploadFileListFiles(db: Db, ctx: TenantContext, listId: number, uploads: { optionId: number; file: File }[]): Promise<FileListView> {
  await getFileList(db, ctx.companyId, listId); // 404 before storing anything
  const stored = await Promise.all(
    uploads.map(async (u) => {
      const saved = await saveMedia(ctx.companyId, new Uint8Array(await u.file.arrayBuffer()), { mimetype: u.file.type, filename: u.file.name });
      return { optionId: u.optionId, path: saved.path, mediaType: u.file.type || mimeFromName(saved.filename) };
    }),
  );
  let replaced: string[];
  try {
    replaced = await db.transaction(async (tx) => {
      await lockFileList(tx, ctx.companyId, listId);
      const old: string[] = [];
      for (const s of stored) {
        const where = and(eq(fileListOptions.id, s.optionId), eq(fileListOptions.fileListId, listId), eq(fileListOptions.companyId, ctx.companyId));
        const [row] = await tx.select({ path: fileListOptions.path }).from(fileListOptions).where(where);
        if (!row) throw new AppError("ERR_NOT_FOUND", 404);
        if (row.path) old.push(row.path);
        await tx.update(fileListOptions).set({ path: s.path, mediaType: s.mediaType, updatedAt: new Date() }).where(where);
      }
      return old;
    });
  } catch (err) {
    await deleteFiles(ctx.companyId, stored.map((s) => s.path)); // nothing names the new files
    throw err;
  }
  await deleteFiles(ctx.companyId, replaced);
  const view = await getFileList(db, ctx.companyId, listId);
  await publishFileList(ctx.companyId, "update", view);
  return view;
}
