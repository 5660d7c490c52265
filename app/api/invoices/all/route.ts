import { getDb } from "@/db";
import { pageQuery } from "@/lib/api/paging";
import { route } from "@/lib/api/route";
import { listInvoices } from "@/lib/invoices/list-invoices";

// GET /api/invoices/all — the company's invoices, `{ invoices, count, hasMore }`, 20 a page, newest due date first.
export const GET = route({ access: "admin", query: pageQuery }, async ({ ctx, query }) =>
  listInvoices(getDb(), ctx.companyId, query.searchParam, query.pageNumber),
);
