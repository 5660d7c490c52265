import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db";
import { invoices } from "@/db/schema";
import type { PaymentProvider } from "@/lib/payments/types";
import { payInvoice } from "./pay-invoice";

// A notification names at most this many charges we look at (Efí sends one or a few).
const MAX_TXIDS = 50;
const TXID = /^[a-zA-Z0-9]{26,35}$/;

const cents = (n: number) => Math.round(n * 100);

export type Confirmation = { txid: string; outcome: "renewed" | "already-paid" | "unpaid" | "short" | "unknown" };

/**
 * What a payment notification names is only a hint: each txid that is one of our invoices' charges
 * at this provider is looked up at the provider, and paid only when the provider says the charge
 * is concluded for at least the invoice's value (a forged or replayed body changes nothing).
 * Unknown txids are ignored without asking the provider.
 */
export async function confirmCharges(db: Db, provider: PaymentProvider, txids: string[], now: Date = new Date()): Promise<Confirmation[]> {
  const wanted = [...new Set(txids.filter((t) => TXID.test(t)))].slice(0, MAX_TXIDS);
  if (!wanted.length) return [];
  const rows = await db
    .select({ txId: invoices.txId, value: invoices.value })
    .from(invoices)
    .where(and(inArray(invoices.txId, wanted), eq(invoices.provider, provider.name)));
  const valueOf = new Map(rows.map((r) => [r.txId!, r.value]));
  const out: Confirmation[] = [];
  for (const txid of wanted) {
    const value = valueOf.get(txid);
    if (value === undefined) {
      out.push({ txid, outcome: "unknown" });
      continue;
    }
    const status = await provider.lookupCharge(txid);
    if (!status?.paid) {
      out.push({ txid, outcome: "unpaid" });
      continue;
    }
    if (status.amount === null || cents(status.amount) < cents(value)) {
      console.warn(`[payments] charge ${txid} concluded for ${status.amount}, less than its invoice's ${value}: not paid`);
      out.push({ txid, outcome: "short" });
      continue;
    }
    const paid = await payInvoice(db, { txid, provider: provider.name }, now);
    out.push({ txid, outcome: paid?.renewed ? "renewed" : paid ? "already-paid" : "unknown" });
  }
  return out;
}
