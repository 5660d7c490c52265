import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/db";
import { contactListItems } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { REFUSED_LISTED, type ImportSummary } from "@/lib/contacts/import-contacts";
import { mapImportRows, type ImportCandidate } from "@/lib/contacts/import-rows";
import { readImportFile, type ImportFile } from "@/lib/contacts/read-import-file";
import { getContactList } from "./contact-list-view";
import { publishContactList } from "./publish";

// rows per INSERT: 20,000 rows are 20 statements
const BATCH = 1000;

/**
 * POST /contact-lists/{id}/upload: a .csv, .xlsx or .xls file of name, number, email (header names
 * in any case, with or without accents: nome, número, telefone...), upserted by number into the
 * list in batches of 1,000, in ONE transaction (a failure writes nothing). The same summary as the
 * contacts import (created = added, updated, refused = invalid rows with why, the first 100 listed).
 * A known number takes the file's name and email (a row without a name keeps the stored one) and
 * keeps its WhatsApp validity. Progress goes out after each batch as
 * `ContactList { action: "import", contactListId, processed, total }` on the admins channel.
 */
export async function importContactListItems(db: Db, ctx: TenantContext, contactListId: number, file: ImportFile): Promise<ImportSummary> {
  await getContactList(db, ctx, contactListId);
  const { candidates, refused, total } = mapImportRows(await readImportFile(file, { xls: true }));
  const progress = (processed: number) =>
    publishContactList(ctx.companyId, { action: "import", contactListId, processed, total: candidates.length });
  let created = 0;
  await db.transaction(async (tx) => {
    for (let i = 0; i < candidates.length; i += BATCH) {
      const rows = await upsertBatch(tx, ctx.companyId, contactListId, candidates.slice(i, i + BATCH));
      created += rows.filter((r) => r.inserted).length;
      // not awaited: a slow realtime server never slows the import
      void progress(Math.min(i + BATCH, candidates.length));
    }
  });
  const updated = candidates.length - created;
  await publishContactList(ctx.companyId, { action: "update", record: await getContactList(db, ctx, contactListId) });
  return { created, updated, refused: refused.slice(0, REFUSED_LISTED), refusedCount: refused.length, total };
}

// unnested arrays, as the contacts import (a short statement Postgres plans at once)
async function upsertBatch(tx: Tx, companyId: number, contactListId: number, batch: ImportCandidate[]): Promise<{ inserted: boolean }[]> {
  const column = (pick: (c: ImportCandidate) => string) => sql.param(batch.map(pick));
  const rows = await tx.execute<{ inserted: boolean }>(sql`
    insert into ${contactListItems} as i (company_id, contact_list_id, name, number, email)
    select ${companyId}, ${contactListId}, u.name, u.number, u.email
    from unnest(${column((c) => c.name)}::text[], ${column((c) => c.number)}::text[], ${column((c) => c.email)}::text[]) as u (name, number, email)
    on conflict (contact_list_id, number) do update set
      -- a row without a name was given its number as name: keep the stored one then
      name = case when excluded.name = excluded.number then i.name else excluded.name end,
      email = case when excluded.email = '' then i.email else excluded.email end,
      updated_at = now()
    returning (i.xmax = 0) as inserted`);
  return [...rows];
}
