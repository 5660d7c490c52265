import { and, eq, inArray } from "drizzle-orm";
import type { Db, DbOrTx } from "@/db";
import { fileListOptions, fileLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteFiles, getFileList, lockFileList, optionPaths, publishFileList, type FileListView } from "./file-list-view";
import type { UpdateFileListInput } from "./schemas";

/**
 * PUT /files/{id}: name and message; with `options`, the whole set of options (kept by id, added
 * without one, deleted when left out). Files of deleted options, and files dropped by `removeFile`,
 * are deleted once the change is committed.
 */
export async function updateFileList(db: Db, ctx: TenantContext, id: number, input: UpdateFileListInput): Promise<FileListView> {
  const dropped = await db.transaction(async (tx) => {
    await lockFileList(tx, ctx.companyId, id);
    const { options, ...fields } = input;
    await tx
      .update(fileLists)
      .set({ ...fields, updatedAt: new Date() })
      .where(eq(fileLists.id, id));
    return options ? replaceOptions(tx, ctx.companyId, id, options) : [];
  });
  await deleteFiles(ctx.companyId, dropped);
  const view = await getFileList(db, ctx.companyId, id);
  await publishFileList(ctx.companyId, "update", view);
  return view;
}

type OptionInput = NonNullable<UpdateFileListInput["options"]>[number];

// Answers the files no option names any more.
async function replaceOptions(tx: DbOrTx, companyId: number, listId: number, options: OptionInput[]): Promise<string[]> {
  const ofList = and(eq(fileListOptions.fileListId, listId), eq(fileListOptions.companyId, companyId));
  const current = await tx.select({ id: fileListOptions.id, path: fileListOptions.path }).from(fileListOptions).where(ofList);
  const known = new Map(current.map((o) => [o.id, o.path]));
  // an option id of another list (or company) names nothing here
  if (options.some((o) => o.id !== undefined && !known.has(o.id))) throw new AppError("ERR_NOT_FOUND", 404);
  const keep = options.flatMap((o) => (o.id === undefined ? [] : [o.id]));
  const gone = current.filter((o) => !keep.includes(o.id)).map((o) => o.id);
  const dropped = await optionPaths(tx, companyId, gone);
  if (gone.length > 0) await tx.delete(fileListOptions).where(and(ofList, inArray(fileListOptions.id, gone)));
  for (const o of options) {
    if (o.id === undefined) continue;
    const clear = o.removeFile && known.get(o.id);
    if (clear) dropped.push(clear);
    await tx
      .update(fileListOptions)
      .set({ name: o.name, ...(clear ? { path: "", mediaType: "" } : {}), updatedAt: new Date() })
      .where(and(ofList, eq(fileListOptions.id, o.id)));
  }
  const added = options.filter((o) => o.id === undefined);
  if (added.length > 0) await tx.insert(fileListOptions).values(added.map((o) => ({ companyId, fileListId: listId, name: o.name })));
  return dropped;
}
