// Benchmark of the lists issue 13 added: the super admin's companies list on a platform of
// BENCH_COMPANIES companies, and one company's invoices (BENCH_INVOICES of them). Real route
// handlers in-process on a fresh database; prints figures, asserts nothing. Usage:
//   node --import tsx tests/bench/admin-lists.ts
import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { GET as listCompanies } from "@/app/api/companies/route";
import { GET as listInvoices } from "@/app/api/invoices/all/route";
import { closeDb, getDb } from "@/db";
import { users } from "@/db/schema";
import { createTenant, loginAs } from "../helpers/factories";
import { call, type Handler } from "../helpers/http";
import { createTestDatabase } from "../helpers/test-db";
import { timeCalls } from "./timing";

const COMPANIES = Number(process.env.BENCH_COMPANIES ?? 10_000);
const INVOICES = Number(process.env.BENCH_INVOICES ?? 2_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 300);

process.env.AUTH_SECRET ??= randomBytes(24).toString("hex");
process.env.REFRESH_SECRET ??= randomBytes(24).toString("hex");

async function main() {
  const database = await createTestDatabase();
  process.env.DATABASE_URL = database.url;
  try {
    const db = getDb();
    const owner = await createTenant({ dueDate: null });
    await db.update(users).set({ super: true }).where(eq(users.id, owner.admin.id));
    const customer = await createTenant();
    await db.execute(sql`
      insert into companies (name, email, plan_id, due_date)
      select 'Empresa ' || i, 'contato' || i || '@bench.example', ${customer.planId}, current_date + (i % 60)
      from generate_series(1, ${COMPANIES}) i`);
    await db.execute(sql`
      insert into invoices (company_id, detail, value, due_date, status, plan_id)
      select ${customer.companyId}, 'Mensalidade ' || i, 99.9, date '2000-01-01' + i, case when i % 3 = 0 then 'open' else 'paid' end, ${customer.planId}
      from generate_series(1, ${INVOICES}) i`);
    await db.execute(sql`analyze`);
    const superAuth = { token: (await loginAs(owner.admin)).token };
    const adminAuth = { token: (await loginAs(customer.admin)).token };
    console.log(`database: ${database.kind}; ${COMPANIES + 2} companies; ${INVOICES} invoices in one company`);
    const get = (h: unknown, url: string, auth: { token: string }) => call(h as Handler, { method: "GET", url, ...auth });
    await timeCalls("GET /api/companies page 1", ROUNDS, () => get(listCompanies, "/api/companies?pageNumber=1", superAuth));
    await timeCalls("GET /api/companies page 100", ROUNDS, () => get(listCompanies, "/api/companies?pageNumber=100", superAuth));
    await timeCalls("GET /api/companies searchParam=empresa 77", ROUNDS, () => get(listCompanies, "/api/companies?searchParam=empresa%2077", superAuth));
    await timeCalls("GET /api/invoices/all page 1", ROUNDS, () => get(listInvoices, "/api/invoices/all?pageNumber=1", adminAuth));
    await timeCalls("GET /api/invoices/all page 50", ROUNDS, () => get(listInvoices, "/api/invoices/all?pageNumber=50", adminAuth));
    await timeCalls("GET /api/invoices/all searchParam=mensalidade 12", ROUNDS, () => get(listInvoices, "/api/invoices/all?searchParam=mensalidade%2012", adminAuth));
  } finally {
    await closeDb();
    await database.drop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
