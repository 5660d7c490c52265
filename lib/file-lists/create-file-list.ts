import type { Db } from "@/db";
import { fileListOptions, fileLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { getFileList, publishFileList, type FileListView } from "./file-list-view";
import type { CreateFileListInput } from "./schemas";

/** POST /files: the list and its options (files come after, by POST /files/uploadList/{id}). */
export async function createFileList(db: Db, ctx: TenantContext, input: CreateFileListInput): Promise<FileListView> {
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(fileLists).values({ companyId: ctx.companyId, name: input.name, message: input.message }).returning({ id: fileLists.id });
    if (input.options.length > 0) {
      await tx.insert(fileListOptions).values(input.options.map((o) => ({ companyId: ctx.companyId, fileListId: row.id, name: o.name })));
    }
    return row.id;
  });
  const view = await getFileList(db, ctx.companyId, id);
  await publishFileList(ctx.companyId, "create", view);
  return view;
}
