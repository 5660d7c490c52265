import type { Db } from "@/db";
import type { TenantContext } from "@/lib/api/context";
import { AppError } from "@/lib/api/errors";
import { getEnv } from "@/lib/env";
import { paymentConfig } from "@/lib/payments/config";
import { payInvoice } from "./pay-invoice";

/**
 * Who may pay a charge through the sandbox payer: only while it is the payment provider; the
 * platform owner always (a manual "paid"), a company admin only where the sandbox is enabled (the
 * demo), so a production server left without Efí never lets companies pay themselves.
 */
export function maySandboxPay(ctx: Pick<TenantContext, "super">): boolean {
  return paymentConfig().provider === "sandbox" && (ctx.super || getEnv().sandboxEnabled);
}

/**
 * POST /sandbox/payments/{txid}/pay: the sandbox payer pays the charge, through the same service
 * as Efí's confirmed notifications. A company admin reaches only their company's charges.
 */
export async function sandboxPay(db: Db, ctx: TenantContext, txid: string, now: Date = new Date()) {
  if (!maySandboxPay(ctx)) throw new AppError("ERR_NOT_FOUND", 404);
  const paid = await payInvoice(db, { txid, provider: "sandbox", companyId: ctx.super ? undefined : ctx.companyId }, now);
  if (!paid) throw new AppError("ERR_NO_INVOICE_FOUND", 404);
  return { invoiceId: paid.invoiceId, status: paid.status, dueDate: paid.dueDate };
}
