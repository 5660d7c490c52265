// spec admin §2.6 / §4 "Invoice display": the API's status is open or paid; overdue is derived.
export type InvoiceDisplayStatus = "paid" | "overdue" | "open";

/**
 * Pago when paid; Vencido when past its due date and not paid (the due date itself is still
 * Em Aberto, as the spec's list judges it: due before today); otherwise Em Aberto.
 * `today` is yyyy-MM-dd in the company's timezone.
 */
export function invoiceDisplayStatus(invoice: { status: string; dueDate: string }, today: string): InvoiceDisplayStatus {
  if (invoice.status === "paid") return "paid";
  return invoice.dueDate < today ? "overdue" : "open";
}

/** Whether the row offers Pay (anything not paid). */
export const isPayable = (invoice: { status: string }) => invoice.status !== "paid";
