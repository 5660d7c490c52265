import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { getHelp } from "./get-help";
import type { UpdateHelpInput } from "./schemas";

/** PUT /helps/{id} (super admin): what is sent changes. */
export async function updateHelp(db: DbOrTx, id: number, input: UpdateHelpInput) {
  const rows = await db
    .update(helps)
    .set({ ...input, updatedAt: new Date() })
    .where(eq(helps.id, id))
    .returning({ id: helps.id });
  if (!rows.length) throw new AppError("ERR_NO_HELP_FOUND", 404);
  return getHelp(db, id);
}
