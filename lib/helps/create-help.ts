import type { DbOrTx } from "@/db";
import { helps } from "@/db/schema";
import { getHelp } from "./get-help";
import type { CreateHelpInput } from "./schemas";

/** POST /helps (super admin). Helps are global to the platform, not per company. */
export async function createHelp(db: DbOrTx, input: CreateHelpInput) {
  const [row] = await db.insert(helps).values(input).returning({ id: helps.id });
  return getHelp(db, row.id);
}
