import { eq } from "drizzle-orm";
import type { Db } from "@/db";
import { companies, plans } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { isOwnerCompany } from "@/lib/companies/owner-company";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { chargeInvoice } from "./charge-invoice";
import { applyChosenPlan, findCheckoutInvoice } from "./checkout-invoice";

export type CheckoutInput = {
  planId: number;
  invoiceId?: number | null;
  billing: { name: string; street: string; city: string; state: string; zipCode: string };
};

/** POST /subscription's answer: the Pix charge of the invoice (spec admin §3 "Pix result"). */
export type CheckoutAnswer = {
  invoiceId: number;
  txid: string;
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode: string };
  sandbox: boolean;
};

/**
 * POST /subscription (issue 13 §4): picks or makes the invoice, applies the chosen plan, and answers
 * its Pix charge. Amounts come from the database only. The company row is locked first (as paying
 * does), so two checkouts of one company make one invoice and one charge.
 */
export async function checkout(db: Db, companyId: number, input: CheckoutInput, now: Date = new Date()): Promise<CheckoutAnswer> {
  const provider = getPaymentProvider();
  return db.transaction(async (tx) => {
    const [company] = await tx
      .select({ id: companies.id, dueDate: companies.dueDate, timezone: companies.timezone })
      .from(companies)
      .where(eq(companies.id, companyId))
      .for("update");
    if (!company) throw new AppError("ERR_NO_COMPANY_FOUND", 404);
    const [plan] = await tx.select().from(plans).where(eq(plans.id, input.planId));
    if (!plan) throw new AppError("ERR_NO_PLAN_FOUND", 404);
    const found = await findCheckoutInvoice(tx, company, plan, input.invoiceId, now);
    // the platform owner's company has no due date and never pays (what this made is rolled back)
    if (await isOwnerCompany(tx, company.id)) throw new AppError("ERR_COMPANY_PROTECTED", 409);
    const inv = await applyChosenPlan(tx, found, plan, provider.name, now);
    // Pix has no charge of zero
    if (!(inv.value > 0)) throw new AppError("ERR_INVOICE_NO_AMOUNT", 400);
    const charge = await chargeInvoice(tx, inv, provider, now);
    const b = input.billing;
    await tx
      .update(companies)
      .set({ billingName: b.name, addressStreet: b.street, addressCity: b.city, addressState: b.state, addressZipCode: b.zipCode, updatedAt: now })
      .where(eq(companies.id, companyId));
    return {
      invoiceId: inv.id,
      txid: charge.txid,
      valor: { original: inv.value.toFixed(2) },
      qrcode: { qrcode: charge.pixCode, imagemQrcode: charge.qrImage },
      sandbox: provider.name === "sandbox",
    };
  });
}
