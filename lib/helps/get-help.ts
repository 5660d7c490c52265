import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { helpColumns, type HelpVideo } from "./list-helps";

/** One help video; a missing one is 404 ERR_NO_HELP_FOUND. */
export async function getHelp(db: DbOrTx, id: number): Promise<HelpVideo> {
  const [row] = await db.select(helpColumns).from(helps).where(eq(helps.id, id));
  if (!row) throw new AppError("ERR_NO_HELP_FOUND", 404);
  return row;
}
