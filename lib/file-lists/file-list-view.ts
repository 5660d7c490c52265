import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { fileListOptions, fileLists } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { publish } from "@/lib/realtime/publish";
import { deleteMedia, mediaUrl } from "@/lib/storage";

export const fileListColumns = {
  id: fileLists.id,
  name: fileLists.name,
  message: fileLists.message,
  createdAt: fileLists.createdAt,
  updatedAt: fileLists.updatedAt,
};

export type FileListRow = { id: number; name: string; message: string; createdAt: Date; updatedAt: Date };

export type FileListOptionView = {
  id: number;
  fileListId: number;
  name: string;
  path: string;
  mediaType: string;
  /** the stored file's name ("" without a file) */
  fileName: string;
  /** where the browser reads the file (null without a file) */
  url: string | null;
};

export type FileListView = FileListRow & { options: FileListOptionView[] };

/** A stored key's file name: the end of the key after its uuid. */
export const fileNameOf = (path: string) => (path ? (path.split("/").pop() ?? "").replace(/^[0-9a-f-]{36}-/, "") : "");

const listOf = (id: number, companyId: number) => and(eq(fileLists.id, id), eq(fileLists.companyId, companyId));

/** A file list of the caller's company with its options (in the order they were added); 404 otherwise. */
export async function getFileList(db: DbOrTx, companyId: number, id: number): Promise<FileListView> {
  const [row] = await db.select(fileListColumns).from(fileLists).where(listOf(id, companyId));
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
  const options = await db
    .select()
    .from(fileListOptions)
    .where(and(eq(fileListOptions.fileListId, id), eq(fileListOptions.companyId, companyId)))
    .orderBy(asc(fileListOptions.id));
  return {
    ...row,
    options: options.map((o) => ({
      id: o.id,
      fileListId: o.fileListId,
      name: o.name,
      path: o.path,
      mediaType: o.mediaType,
      fileName: fileNameOf(o.path),
      url: o.path ? mediaUrl(o.path) : null,
    })),
  };
}

/** Locks a file list of the company (404 otherwise): writes to its options take turns. */
export async function lockFileList(tx: DbOrTx, companyId: number, id: number): Promise<void> {
  const [row] = await tx.select({ id: fileLists.id }).from(fileLists).where(listOf(id, companyId)).for("update");
  if (!row) throw new AppError("ERR_NOT_FOUND", 404);
}

/** The files of the options named (their rows about to go or just gone). */
export async function optionPaths(tx: DbOrTx, companyId: number, optionIds: number[]): Promise<string[]> {
  if (optionIds.length === 0) return [];
  const rows = await tx
    .select({ path: fileListOptions.path })
    .from(fileListOptions)
    .where(and(inArray(fileListOptions.id, optionIds), eq(fileListOptions.companyId, companyId)));
  return rows.map((r) => r.path).filter(Boolean);
}

/** Deletes files nothing names any more (after the change that dropped them is committed). */
export async function deleteFiles(companyId: number, paths: string[]): Promise<void> {
  await Promise.all(paths.map((p) => deleteMedia(companyId, p)));
}

/** `file` events for the company's admins (admin §7): create/update carry the list, delete its id. */
export function publishFileList(companyId: number, action: "create" | "update", record: FileListView): Promise<void>;
export function publishFileList(companyId: number, action: "delete", id: number): Promise<void>;
export function publishFileList(companyId: number, action: "create" | "update" | "delete", recordOrId: FileListView | number) {
  const data = action === "delete" ? { action, id: recordOrId } : { action, record: listRecord(recordOrId as FileListView) };
  return publish({ channels: [channels.admins(companyId)], event: EVENTS.file, data });
}

// events stay small (realtime payloads are bounded): the list screen needs the row, the dialog refetches
function listRecord(v: FileListView): FileListRow & { optionsCount: number } {
  return { id: v.id, name: v.name, message: v.message.slice(0, 500), createdAt: v.createdAt, updatedAt: v.updatedAt, optionsCount: v.options.length };
}
