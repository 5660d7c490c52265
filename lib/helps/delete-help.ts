import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

/** DELETE /helps/{id} (super admin). */
export async function deleteHelp(db: DbOrTx, id: number) {
  const rows = await db.delete(helps).where(eq(helps.id, id)).returning({ id: helps.id });
  if (!rows.length) throw new AppError("ERR_NO_HELP_FOUND", 404);
  return { ok: true };
}
