import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { fileListOptions } from "@/db/schema";
import { FORM_ROOM_BYTES } from "@/lib/api/body";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { mimeFromName } from "@/lib/storage";
import { fieldsOf, type StreamedUpload, type UploadLimits, type UploadedFile } from "@/lib/storage/upload-stream";
import { deleteFiles, getFileList, lockFileList, publishFileList, type FileListView } from "./file-list-view";
import { FILE_LIST_MAX_BYTES, UPLOAD_FILES_MAX, uploadFormSchema } from "./schemas";

const invalid = (path: string, message: string) => new AppError("ERR_VALIDATION", 400, { issues: [{ path, message }] });

/**
 * The upload's `files` parts, streamed to storage (lib/storage/upload-stream.ts) within these
 * limits: 100 MB in all (two files at the limit, or more smaller ones) plus the form's room.
 */
export const FILE_LIST_UPLOAD: UploadLimits = {
  fileFields: ["files"],
  maxFiles: UPLOAD_FILES_MAX,
  maxFileBytes: FILE_LIST_MAX_BYTES,
  maxRequestBytes: 2 * FILE_LIST_MAX_BYTES + FORM_ROOM_BYTES,
  tooMany: () => invalid("files", "tooLong"),
};

type Upload = { optionId: number; file: UploadedFile };

/** The upload's stored files and the option each goes to, read from its form (shape: lib/file-lists/schemas.ts). */
export function readUploadForm(upload: StreamedUpload, listId: number): Upload[] {
  const files = upload.files;
  const { ids, fileIds } = uploadFormSchema.parse({ ids: fieldsOf(upload, "id"), fileIds: fieldsOf(upload, "fileId") });
  if (files.length === 0) throw invalid("files", "required");
  // with `id` parts, `fileId` is the spec client's list id: it must name this list
  if (ids.length > 0 && fileIds.some((f) => f !== listId)) throw new AppError("ERR_NOT_FOUND", 404);
  const optionIds = ids.length > 0 ? ids : fileIds;
  if (optionIds.length !== files.length) throw invalid("id", "oneIdPerFile");
  if (new Set(optionIds).size !== optionIds.length) throw invalid("id", "duplicateOption");
  return files.map((file, i) => ({ optionId: optionIds[i], file }));
}

/**
 * POST /files/uploadList/{id}: points each option at its file, already in the company's storage;
 * an option's earlier file is deleted once the change is committed. Options must be of this list
 * (404 otherwise, and the new files are deleted).
 */
export async function uploadFileListFiles(db: Db, ctx: TenantContext, listId: number, uploads: Upload[]): Promise<FileListView> {
  const stored = uploads.map((u) => ({ optionId: u.optionId, path: u.file.path, mediaType: u.file.mimetype || mimeFromName(u.file.filename) }));
  try {
    await getFileList(db, ctx.companyId, listId);
  } catch (err) {
    await deleteFiles(ctx.companyId, stored.map((s) => s.path));
    throw err;
  }
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
