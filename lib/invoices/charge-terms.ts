// How long a Pix charge may be paid (Efí's default for an immediate charge), and how much of that
// must be left for the checkout to show the same charge again instead of making a new one.
export const CHARGE_SECONDS = 60 * 60;
export const REUSE_MARGIN_MS = 5 * 60_000;

/** Whether an invoice's charge can still be shown: the current provider's, with time left to pay. */
export function isChargeLive(
  inv: { txId: string | null; pixCode: string | null; provider: string | null; chargeExpiresAt: Date | null },
  provider: string,
  now: Date,
): boolean {
  return Boolean(inv.txId && inv.pixCode && inv.provider === provider && inv.chargeExpiresAt && inv.chargeExpiresAt.getTime() - now.getTime() > REUSE_MARGIN_MS);
}
