import { and, count, desc, eq, ilike, or, type SQL } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { invoices } from "@/db/schema";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { INT4_MAX } from "@/lib/validation/ids";
import { invoiceColumns, invoiceView } from "./invoice-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * GET /invoices/all (spec admin §2.6 Faturas): a page of the company's invoices, newest due date
 * first, searched by detail (case-insensitive, % and _ literal) or by id.
 */
export async function listInvoices(db: DbOrTx, companyId: number, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const term = searchParam.trim();
  const conditions: SQL[] = [eq(invoices.companyId, companyId)];
  if (term) {
    const byId = /^\d{1,10}$/.test(term) && Number(term) <= INT4_MAX ? eq(invoices.id, Number(term)) : undefined;
    conditions.push(or(ilike(invoices.detail, `%${escapeLike(term)}%`), byId) as SQL);
  }
  const where = and(...conditions);
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    db.select(invoiceColumns).from(invoices).where(where).orderBy(desc(invoices.dueDate), desc(invoices.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(invoices).where(where),
  ]);
  return pageResult("invoices", rows.map(invoiceView), total, pageNumber, size);
}
