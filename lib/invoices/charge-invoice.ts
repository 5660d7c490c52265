import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { Tx } from "@/db";
import { invoices } from "@/db/schema";
import { AppError } from "@/lib/api/errors";
import { qrImageOf } from "@/lib/payments/qr-image";
import type { PaymentProvider } from "@/lib/payments/types";
import { CHARGE_SECONDS, isChargeLive } from "./charge-terms";
import type { InvoiceRow } from "./checkout-invoice";

export type InvoiceCharge = { txid: string; pixCode: string; qrImage: string };

/** 32 letters and digits: within Pix's txid rule (26 to 35 of [a-zA-Z0-9]), unguessable. */
export const newTxid = () => randomBytes(16).toString("hex");

/**
 * The invoice's Pix charge: its live charge again (the same code and QR, no second charge), else a
 * new one at the provider, kept on the invoice. Runs with the invoice row locked, so two checkouts
 * at once make one charge; a provider failure rolls the transaction back (502).
 */
export async function chargeInvoice(tx: Tx, inv: InvoiceRow, provider: PaymentProvider, now: Date): Promise<InvoiceCharge> {
  if (isChargeLive(inv, provider.name, now)) {
    return { txid: inv.txId!, pixCode: inv.pixCode!, qrImage: await qrImageOf(inv.pixCode!) };
  }
  let charge;
  try {
    charge = await provider.createCharge({
      txid: newTxid(),
      amount: inv.value,
      description: `Fatura ${inv.id}: ${inv.detail}`,
      expiresInSeconds: CHARGE_SECONDS,
    });
  } catch (err) {
    console.error(`[payments] ${provider.name} charge for invoice ${inv.id} failed:`, (err as Error).message);
    throw new AppError("ERR_PAYMENT_PROVIDER", 502);
  }
  await tx
    .update(invoices)
    .set({ txId: charge.txid, provider: provider.name, pixCode: charge.pixCode, chargeExpiresAt: charge.expiresAt, updatedAt: now })
    .where(and(eq(invoices.id, inv.id), eq(invoices.companyId, inv.companyId)));
  return { txid: charge.txid, pixCode: charge.pixCode, qrImage: charge.qrImage };
}
