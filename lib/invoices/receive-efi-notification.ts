import type { Db } from "@/db";
import { AppError } from "@/lib/api/errors";
import { paymentConfig } from "@/lib/payments/config";
import { getPaymentProvider } from "@/lib/payments/get-provider";
import { matchesWebhookSecret } from "@/lib/payments/webhook-secret";
import { confirmCharges } from "./confirm-charges";

/** The txids a notification names (`{ pix: [{ endToEndId, txid, valor, horario }] }`); [] for anything else. */
function txidsOf(body: unknown): string[] {
  const pix = (body as { pix?: unknown } | null)?.pix;
  if (!Array.isArray(pix)) return [];
  return pix.map((p) => (p as { txid?: unknown } | null)?.txid).filter((t): t is string => typeof t === "string");
}

/**
 * POST /payments/webhook/efi (and /efi/pix): Efí's Pix notification. Authenticated twice: the
 * secret of the registered URL (EFI_WEBHOOK_SECRET), then each named charge is looked up at Efí
 * (lib/invoices/confirm-charges.ts), so the body alone never pays anything. 404 while Efí is not
 * the provider or no secret is set; 401 for a missing or wrong secret; 502 when Efí cannot be
 * asked (Efí sends the notification again). A body naming no charge (Efí's registration check)
 * is answered 200.
 */
export async function receiveEfiNotification(db: Db, secret: string | undefined, readBody: () => Promise<string>) {
  const cfg = paymentConfig();
  if (cfg.provider !== "efi" || !cfg.efi.webhookSecret) throw new AppError("ERR_NOT_FOUND", 404);
  if (!matchesWebhookSecret(secret, cfg.efi.webhookSecret)) throw new AppError("ERR_WEBHOOK_UNAUTHORIZED", 401);
  // the body is read only once the secret is right
  const rawBody = await readBody();
  let body: unknown = null;
  if (rawBody.trim()) {
    try {
      body = JSON.parse(rawBody);
    } catch {
      throw new AppError("ERR_INVALID_JSON", 400);
    }
  }
  try {
    const results = await confirmCharges(db, getPaymentProvider(), txidsOf(body));
    return { ok: true, received: results.length };
  } catch (err) {
    if (err instanceof AppError) throw err;
    console.error("[payments] Efí notification not confirmed:", (err as Error).message);
    throw new AppError("ERR_PAYMENT_PROVIDER", 502);
  }
}
