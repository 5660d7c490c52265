import { and, asc, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { invoices, plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { todayIn } from "@/lib/dates/today";
import { isChargeLive } from "./charge-terms";

type Company = { id: number; dueDate: string | null; timezone: string };
type Plan = typeof plans.$inferSelect;
export type InvoiceRow = typeof invoices.$inferSelect;

/**
 * The period an invoice made at checkout pays: the company's due date, or today when it has none
 * (a company past its due date cannot sign in, so it never gets here).
 */
export function checkoutDueDate(company: Company, now: Date): string {
  const today = todayIn(company.timezone, now);
  return company.dueDate && company.dueDate > today ? company.dueDate : today;
}

const lockInvoice = (tx: Tx, companyId: number, id: number) =>
  tx.select().from(invoices).where(and(eq(invoices.id, id), eq(invoices.companyId, companyId))).for("update");

/**
 * The invoice a checkout pays (issue 13 §4), locked for the rest of the transaction: the one named
 * by invoiceId (the caller's, still open), else the company's oldest open invoice, else a new one
 * for the chosen plan and the current period (one per company and period: the unique key).
 */
export async function findCheckoutInvoice(tx: Tx, company: Company, plan: Plan, invoiceId: number | null | undefined, now: Date): Promise<InvoiceRow> {
  if (invoiceId) {
    const [named] = await lockInvoice(tx, company.id, invoiceId);
    if (!named) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
    if (named.status === "paid") throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
    return named;
  }
  const [open] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), eq(invoices.status, "open")))
    .orderBy(asc(invoices.dueDate), asc(invoices.id))
    .limit(1)
    .for("update");
  if (open) return open;
  const dueDate = checkoutDueDate(company, now);
  const [made] = await tx
    .insert(invoices)
    .values({ companyId: company.id, detail: plan.name, value: plan.value, dueDate, planId: plan.id })
    .onConflictDoNothing()
    .returning();
  // the period's invoice exists and is paid (its due date was set back by hand): nothing to pay
  if (!made) throw new AppError("ERR_INVOICE_ALREADY_PAID", 409);
  return made;
}

/**
 * The plan chosen in the checkout is what the invoice pays for: an open invoice of another plan
 * takes the chosen plan and its value, unless its charge is still live (a payer may be paying it
 * right now; that charge is shown again until it expires).
 */
export async function applyChosenPlan(tx: Tx, inv: InvoiceRow, plan: Plan, provider: string, now: Date): Promise<InvoiceRow> {
  if (inv.planId === plan.id || isChargeLive(inv, provider, now)) return inv;
  const [updated] = await tx
    .update(invoices)
    .set({ planId: plan.id, value: plan.value, detail: plan.name, txId: null, provider: null, pixCode: null, chargeExpiresAt: null, updatedAt: now })
    .where(and(eq(invoices.id, inv.id), eq(invoices.companyId, inv.companyId)))
    .returning();
  return updated;
}
