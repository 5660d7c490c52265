import { and, asc, gt, or, sql, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { contacts } from "@/db/schema";
import type { TenantContext } from "@/lib/api/context";
import { contactsWhere } from "./contact-filters";
import { csvLine } from "./csv";
import type { ContactFilters } from "./schemas";

export const EXPORT_FILE_NAME = "contatos.csv";
const BATCH = 5000;
// Excel reads a CSV as the system's code page unless the file starts with a UTF-8 BOM
const BOM = "\uFEFF";

const lowerName = sql<string>`lower(${contacts.name})`;

/**
 * GET /contacts/export (spec core §2): every contact matching the list's filters, as
 * `name;number;email`, streamed in batches read by key (lower(name), id) so memory stays flat and
 * no page is read twice, however many contacts the company has. The first batch is read before
 * the stream is handed back: a query that fails answers an error status, never a 200 cut short.
 */
export async function exportContactsCsv(
  db: DbOrTx,
  ctx: Pick<TenantContext, "companyId">,
  filters: ContactFilters,
): Promise<ReadableStream<Uint8Array>> {
  const where = contactsWhere(ctx.companyId, filters);
  const encoder = new TextEncoder();
  const readBatch = (after: { key: string; id: number } | null) => {
    const page: SQL | undefined = after
      ? or(gt(lowerName, after.key), and(sql`${lowerName} = ${after.key}`, gt(contacts.id, after.id)))
      : undefined;
    return db
      .select({ id: contacts.id, key: lowerName, name: contacts.name, number: contacts.number, email: contacts.email })
      .from(contacts)
      .where(and(where, page))
      .orderBy(asc(lowerName), asc(contacts.id))
      .limit(BATCH);
  };
  let rows: Awaited<ReturnType<typeof readBatch>> | null = await readBatch(null);
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(BOM + csvLine(["name", "number", "email"])));
    },
    async pull(controller) {
      if (!rows) return;
      if (rows.length) controller.enqueue(encoder.encode(rows.map((r) => csvLine([r.name, r.number, r.email])).join("")));
      if (rows.length < BATCH) {
        rows = null;
        controller.close();
        return;
      }
      const last = rows[rows.length - 1];
      rows = await readBatch({ key: last.key, id: last.id });
    },
  });
}
