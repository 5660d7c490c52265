import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { sandboxPay } from "@/lib/invoices/sandbox-pay";
import { txidParams } from "@/lib/invoices/schemas";

// POST /api/sandbox/payments/{txid}/pay — the sandbox payer pays a charge `{ invoiceId, status, dueDate }`
// (sandbox provider only; the platform owner, or an admin of the company owning the charge).
export const POST = route({ access: "admin", params: txidParams }, async ({ ctx, params }) => sandboxPay(getDb(), ctx, params.txid));
