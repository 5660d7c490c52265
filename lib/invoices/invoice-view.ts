import { invoices } from "@/db/schema";

/** The columns GET /invoices/all answers (never the charge: txid and Pix code stay server-side). */
export const invoiceColumns = {
  id: invoices.id,
  detail: invoices.detail,
  value: invoices.value,
  dueDate: invoices.dueDate,
  status: invoices.status,
  paidAt: invoices.paidAt,
  planId: invoices.planId,
};

type Row = { id: number; detail: string; value: number; dueDate: string; status: string; paidAt: Date | null; planId: number | null };

export type InvoiceView = Omit<Row, "status" | "paidAt"> & { status: "open" | "paid"; paidAt: string | null };

/** One invoice as the API answers it: status open or paid (Vencido is the screen's reading). */
export function invoiceView(row: Row): InvoiceView {
  return {
    id: row.id,
    detail: row.detail,
    value: Number(row.value),
    dueDate: row.dueDate,
    status: row.status === "paid" ? "paid" : "open",
    paidAt: row.paidAt ? row.paidAt.toISOString() : null,
    planId: row.planId,
  };
}
