import { getDb } from "@/db";
import { invoices } from "@/db/schema";
import { newTxid } from "@/lib/invoices/charge-invoice";
import { brCode } from "@/lib/payments/pix-code";
import type { Tenant } from "../../../helpers/factories";
import type { Fixture } from "../send";
import type { Resources } from "../world";
import type { SweepArea } from "./types";

// The subscription, invoices and payment routes of issue 13 (the sandbox payer: the sweep sets
// no payment provider). Each company gets an open invoice holding a live sandbox charge; paying
// A's (the sandbox call) renews A once and is a no-op after, as the sweep repeats valid calls.
const x = (r: Resources, key: string) => r.extra[`billing.${key}`];

async function seed(t: Tenant, marker: string) {
  const txid = newTxid();
  const [inv] = await getDb()
    .insert(invoices)
    .values({
      companyId: t.companyId,
      detail: `Invoice ${marker}`,
      value: 99.9,
      dueDate: "2099-01-01",
      planId: t.planId,
      txId: txid,
      provider: "sandbox",
      pixCode: brCode({ location: `pix.sandbox.invalid/qr/v2/${txid}`, amount: 99.9, merchantName: "Sweep", merchantCity: "Sao Paulo" }),
      chargeExpiresAt: new Date(Date.now() + 24 * 3600_000),
    })
    .returning({ id: invoices.id });
  return { "billing.invoiceId": inv.id, "billing.txid": txid };
}

const checkout = (r: Resources) => ({
  firstName: "Maria",
  lastName: "Souza",
  address2: "Rua das Flores, 10",
  city: "Belo Horizonte",
  state: "MG",
  zipcode: "30100-000",
  country: "BR",
  useAddressForPaymentDetails: false,
  plan: { id: r.planId },
  price: 99.9,
  users: 5,
  connections: 5,
  invoiceId: Number(x(r, "invoiceId")),
});

// Efí's notifications are public (a secret in the URL, then a lookup at Efí); with the sandbox
// payer there is no Efí webhook, so its valid call is the 404 every caller gets
const webhook: Fixture = { build: () => ({ query: { secret: "sweep-secret", ignorar: "" }, body: { pix: [] } }), ok: [404] };

const fixtures: Record<string, Fixture> = {
  "GET /api/invoices/all": { build: () => ({ query: { searchParam: "", pageNumber: 1 } }) },
  // A is the platform owner's company in the sweep (its super user signs the super routes), and the
  // owner never pays: A's valid call is that refusal; B's invoice named by A is a 404 before it
  "POST /api/subscription": { build: (r) => ({ body: checkout(r) }), ok: [409] },
  "POST /api/sandbox/payments/[txid]/pay": { build: (r) => ({ params: { txid: String(x(r, "txid")) } }) },
  "POST /api/payments/webhook/efi": webhook,
  "POST /api/payments/webhook/efi/pix": webhook,
};

export const billingArea: SweepArea = {
  publicRoutes: ["POST /api/payments/webhook/efi", "POST /api/payments/webhook/efi/pix"],
  fixtures,
  seed,
};
