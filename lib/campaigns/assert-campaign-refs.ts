import { and, eq } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { DbOrTx } from "@/db";
import { contactLists, fileLists, tags, whatsapps } from "@/db/schema";
import { AppError } from "@/lib/api/errors";

type Refs = { whatsappId?: number | null; contactListId?: number | null; tagListId?: number | null; fileListId?: number | null };
type Target = { table: PgTable & { id: PgColumn; companyId: PgColumn }; code: string };

// the foreign keys do not carry the company: each id a campaign names is checked here
const TARGETS: Record<keyof Refs, Target> = {
  whatsappId: { table: whatsapps, code: "ERR_NO_WAPP_FOUND" },
  contactListId: { table: contactLists, code: "ERR_NO_CONTACT_LIST_FOUND" },
  tagListId: { table: tags, code: "ERR_NO_TAG_FOUND" },
  fileListId: { table: fileLists, code: "ERR_NO_FILE_LIST_FOUND" },
};

/** Every id given must be the company's: another company's answers 404, as if it did not exist. */
export async function assertCampaignRefs(db: DbOrTx, companyId: number, refs: Refs): Promise<void> {
  for (const key of Object.keys(TARGETS) as (keyof Refs)[]) {
    const id = refs[key];
    if (id === undefined || id === null) continue;
    const { table, code } = TARGETS[key];
    const [row] = await db
      .select({ id: table.id })
      .from(table)
      .where(and(eq(table.id, id), eq(table.companyId, companyId)));
    if (!row) throw new AppError(code, 404);
  }
}
