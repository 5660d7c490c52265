import { eq } from "drizzle-orm";
import type { DbOrTx } from "@/db";
import { invoices } from "@/db/schema";
import { brCode } from "./pix-code";
import { qrImageOf } from "./qr-image";
import type { Charge, ChargeRequest, ChargeStatus, PaymentProvider } from "./types";

/**
 * The demo's payer (ARCHITECTURE rule 12): a charge is a plausible Pix code and QR image, kept on
 * the invoice (txId, pixCode) like a real one; nothing pays it but POST
 * /api/sandbox/payments/{txid}/pay, and there is no webhook whose body it would trust.
 */
export function createSandboxProvider(db: () => DbOrTx): PaymentProvider {
  return {
    name: "sandbox",

    async createCharge(req: ChargeRequest): Promise<Charge> {
      const pixCode = brCode({
        location: `pix.sandbox.invalid/qr/v2/${req.txid}`,
        amount: req.amount,
        merchantName: "Atendimento Sandbox",
        merchantCity: "Sao Paulo",
      });
      return { txid: req.txid, pixCode, qrImage: await qrImageOf(pixCode), expiresAt: new Date(Date.now() + req.expiresInSeconds * 1000) };
    },

    // the sandbox "bank" is our own invoice: paid once the sandbox call paid it
    async lookupCharge(txid: string): Promise<ChargeStatus | null> {
      const [row] = await db()
        .select({ status: invoices.status, value: invoices.value, provider: invoices.provider })
        .from(invoices)
        .where(eq(invoices.txId, txid));
      if (!row || row.provider !== "sandbox") return null;
      return { txid, paid: row.status === "paid", amount: row.value };
    },
  };
}
