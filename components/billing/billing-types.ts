import type { CheckoutPlan } from "@/lib/subscription/build-payload";

/** One row of GET /api/invoices/all. */
export type InvoiceRow = {
  id: number;
  detail: string;
  value: number;
  dueDate: string;
  status: "open" | "paid";
  paidAt: string | null;
  planId: number | null;
};

/** The `payment` realtime event on the company admins' channel, after a payment commits. */
export type PaymentEvent = { action: string; invoiceId: number; company: { id: number; dueDate: string | null } };

/** POST /api/subscription's answer: the Pix charge. */
export type PixCharge = {
  invoiceId: number;
  txid: string;
  valor: { original: string };
  qrcode: { qrcode: string; imagemQrcode: string };
  sandbox: boolean;
};

/** What the checkout is opened for: a given invoice, or the subscription (the server picks the invoice). */
export type CheckoutTarget = { invoiceId: number; planId: number | null; value: number } | null;

export type { CheckoutPlan };
