import { and, eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { quickMessages } from "@/db/schema";
import { deleteMedia } from "@/lib/storage";

type Change = Partial<typeof quickMessages.$inferInsert>;

/**
 * Writes a change to a quick message that may drop or replace its file, and deletes the file it
 * had once the change is committed. The old key is read under the row's lock, so two edits at once
 * never both keep or both delete the same file. Only the row named the file: a reply sent with a
 * quick answer uploads its own copy.
 */
export async function updateQuickMessageRow(db: DbOrTx, companyId: number, id: number, change: Change): Promise<void> {
  const where = and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId));
  const replaced = "mediaPath" in change;
  const old = await db.transaction(async (tx) => {
    const [row] = replaced ? await tx.select({ mediaPath: quickMessages.mediaPath }).from(quickMessages).where(where).for("update") : [];
    await tx.update(quickMessages).set(change).where(where);
    return row?.mediaPath ?? null;
  });
  if (old && old !== change.mediaPath) await deleteMedia(companyId, old);
}

/** Deletes a quick message and then its file. */
export async function deleteQuickMessageRow(db: DbOrTx, companyId: number, id: number): Promise<void> {
  const [row] = await db
    .delete(quickMessages)
    .where(and(eq(quickMessages.id, id), eq(quickMessages.companyId, companyId)))
    .returning({ mediaPath: quickMessages.mediaPath });
  await deleteMedia(companyId, row?.mediaPath);
}
