import { getDb } from "@/db";
import { route } from "@/lib/api/route";
import { checkout } from "@/lib/invoices/checkout";
import { maySandboxPay } from "@/lib/invoices/sandbox-pay";
import { subscriptionPayloadSchema } from "@/lib/subscription/schemas";

// POST /api/subscription — checkout: the invoice's Pix charge `{ invoiceId, txid, valor, qrcode, sandbox }`.
// Only the plan's id is read from the payload; card data is refused by the schema, never read.
export const POST = route({ access: "admin", body: subscriptionPayloadSchema }, async ({ ctx, body }) => {
  const billing = {
    name: [body.firstName, body.lastName].filter(Boolean).join(" "),
    street: body.address2,
    city: body.city,
    state: body.state,
    zipCode: body.zipcode,
  };
  const answer = await checkout(getDb(), ctx.companyId, { planId: body.plan.id, invoiceId: body.invoiceId, billing });
  // the Pix screen offers the sandbox's Pay button only to whom the sandbox call answers
  return { ...answer, sandbox: answer.sandbox && maySandboxPay(ctx) };
});
