import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { fileListOptions, fileLists } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { deleteFiles, lockFileList, publishFileList } from "./file-list-view";

/** DELETE /files/{id}: the list, its options (cascade) and then their files. */
export async function deleteFileList(db: Db, ctx: TenantContext, id: number) {
  const paths = await db.transaction(async (tx) => {
    await lockFileList(tx, ctx.companyId, id);
    const rows = await tx
      .select({ path: fileListOptions.path })
      .from(fileListOptions)
      .where(and(eq(fileListOptions.fileListId, id), eq(fileListOptions.companyId, ctx.companyId)));
    const [gone] = await tx.delete(fileLists).where(and(eq(fileLists.id, id), eq(fileLists.companyId, ctx.companyId))).returning({ id: fileLists.id });
    if (!gone) throw new AppError("ERR_NOT_FOUND", 404);
    return rows.map((r) => r.path).filter(Boolean);
  });
  await deleteFiles(ctx.companyId, paths);
  await publishFileList(ctx.companyId, "delete", id);
  return { ok: true };
}
