import { and, eq } from "drizzle-orm";
import type { Db } from "@/db";
import { companies, invoices, plans } from "@/db/schema";
import { todayIn } from "@/lib/dates/today";
import { publish } from "@/lib/realtime/publish";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { wakeCompanyConnections } from "@/lib/companies/company-connections";
import { renewDueDate } from "@/lib/companies/recurrence";

/** The charge paid: its txid, and optionally the company and provider it must belong to. */
export type PayRef = { txid: string; companyId?: number; provider?: string };

export type PaidInvoice = { invoiceId: number; companyId: number; status: "paid"; dueDate: string | null; renewed: boolean };

/**
 * Pays the invoice holding a charge: the one service behind the Efí webhook (after the provider
 * confirmed the charge) and the sandbox pay call. In one transaction, with the company row and
 * then the invoice row locked: an invoice already paid changes nothing (the same notification
 * twice renews once); otherwise it is marked paid, the company's due date advances by its
 * recurrence from the later of today and the current due date, the company moves to the
 * invoice's plan and a suspended or locked-out company works again (the workers are woken to start
 * its connections: lib/companies/company-connections.ts). After commit,
 * `payment` reaches the company's admins. Null when no invoice holds the charge (within `ref`'s scope).
 */
export async function payInvoice(db: Db, ref: PayRef, now: Date = new Date()): Promise<PaidInvoice | null> {
  const scope = and(
    eq(invoices.txId, ref.txid),
    ref.companyId === undefined ? undefined : eq(invoices.companyId, ref.companyId),
    ref.provider === undefined ? undefined : eq(invoices.provider, ref.provider),
  );
  const [found] = await db.select({ id: invoices.id, companyId: invoices.companyId }).from(invoices).where(scope);
  if (!found) return null;
  const result = await db.transaction(async (tx) => {
    // the company first, as the checkout locks it: the two never wait on each other in a cycle
    const [company] = await tx.select().from(companies).where(eq(companies.id, found.companyId)).for("update");
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, found.id), eq(invoices.companyId, found.companyId), eq(invoices.txId, ref.txid)))
      .for("update");
    if (!company || !inv) return null;
    if (inv.status === "paid") return { invoiceId: inv.id, companyId: company.id, status: "paid" as const, dueDate: company.dueDate, renewed: false };
    const today = todayIn(company.timezone, now);
    // suspended, or past its due date: its connections were stopped and start again below
    const wasLocked = !company.status || (company.dueDate !== null && company.dueDate <= today);
    const dueDate = renewDueDate(company.dueDate, today, company.recurrence);
    // the invoice's plan, if it still exists (a deleted plan leaves the company on its own)
    const [plan] = inv.planId ? await tx.select({ id: plans.id }).from(plans).where(eq(plans.id, inv.planId)) : [];
    await tx.update(invoices).set({ status: "paid", paidAt: now, updatedAt: now }).where(and(eq(invoices.id, inv.id), eq(invoices.companyId, company.id)));
    await tx
      .update(companies)
      .set({ dueDate, status: true, planId: plan?.id ?? company.planId, updatedAt: now })
      .where(eq(companies.id, company.id));
    if (wasLocked) await wakeCompanyConnections(tx, company.id);
    return { invoiceId: inv.id, companyId: company.id, status: "paid" as const, dueDate, renewed: true };
  });
  if (result?.renewed) {
    await publish({
      channels: [channels.admins(result.companyId)],
      event: EVENTS.payment,
      data: { action: "CONCLUIDA", invoiceId: result.invoiceId, company: { id: result.companyId, dueDate: result.dueDate } },
    });
  }
  return result;
}
