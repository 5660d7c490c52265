import { asc, count, ilike, or } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { companies } from "@/db/schema";
import { PAGE_SIZE, pageResult, pageWindow } from "@/lib/api/paging";
import { selectCompanies } from "./company-view";

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** GET /companies: a page of every company (20), by name, searched by name or email. */
export async function listCompanies(db: DbOrTx, searchParam: string, pageNumber: number) {
  const size = PAGE_SIZE.default;
  const term = searchParam.trim().toLowerCase();
  const where = term ? or(ilike(companies.name, `%${escapeLike(term)}%`), ilike(companies.email, `%${escapeLike(term)}%`)) : undefined;
  const { limit, offset } = pageWindow(pageNumber, size);
  const [rows, [{ total }]] = await Promise.all([
    selectCompanies(db).where(where).orderBy(asc(companies.name), asc(companies.id)).limit(limit).offset(offset),
    db.select({ total: count() }).from(companies).where(where),
  ]);
  return pageResult("companies", rows, total, pageNumber, size);
}

