/** What the checkout asks a provider for: an immediate Pix charge of one invoice. */
export type ChargeRequest = {
  /** our transaction id (26-35 letters and digits: the Pix txid rule) */
  txid: string;
  /** in reais, from the database (never from the request) */
  amount: number;
  /** shown to the payer in their bank app */
  description: string;
  /** how long the charge may be paid, in seconds */
  expiresInSeconds: number;
};

/** A charge the payer can pay: the copy-paste code and its QR image. */
export type Charge = {
  txid: string;
  /** the Pix "copia e cola" text */
  pixCode: string;
  /** the QR image as a data URL (data:image/png;base64,...) */
  qrImage: string;
  expiresAt: Date;
};

/** What the provider says of a charge: paid or not, and the amount it received. */
export type ChargeStatus = { txid: string; paid: boolean; amount: number | null };

export type ProviderName = "efi" | "sandbox";

/**
 * A payment provider (ARCHITECTURE rule 12): Efí's Pix API in production, the sandbox payer for
 * the demo. Webhooks never trust a notification's body: they ask `lookupCharge`.
 */
export type PaymentProvider = {
  name: ProviderName;
  createCharge(req: ChargeRequest): Promise<Charge>;
  /** null when the provider knows no such charge */
  lookupCharge(txid: string): Promise<ChargeStatus | null>;
};
