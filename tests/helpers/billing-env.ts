// Shared setup of the billing tests (issue 13 §4): the checkout, invoices list, sandbox pay and
// webhook routes called in-process, published events captured, and the sandbox enabled.
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { GET as invoicesRoute } from "@/app/api/invoices/all/route";
import { POST as webhookRoute } from "@/app/api/payments/webhook/efi/route";
import { POST as webhookPixRoute } from "@/app/api/payments/webhook/efi/pix/route";
import { POST as sandboxPayRoute } from "@/app/api/sandbox/payments/[txid]/pay/route";
import { POST as subscriptionRoute } from "@/app/api/subscription/route";
import { getDb } from "@/db";
import { companies, invoices, users } from "@/db/schema";
import { resetEnvCache } from "@/lib/env";
import { setRealtimeSink, type RealtimeEvent } from "@/lib/realtime/publish";
import { createUsers, loginAs } from "./factories";
import { call, type Json } from "./http";

export const published: RealtimeEvent[] = [];

/** Call at the top of a billing test file: the sandbox on (its payer), events captured per test. */
export function installBillingHooks(env: Record<string, string> = {}) {
  const saved: Record<string, string | undefined> = {};
  beforeAll(() => {
    for (const [k, v] of Object.entries({ SANDBOX_ENABLED: "1", ...env })) {
      saved[k] = process.env[k];
      process.env[k] = v;
    }
    resetEnvCache();
    setRealtimeSink((events) => void published.push(...events));
  });
  afterAll(() => {
    setRealtimeSink(null);
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
  });
  beforeEach(() => void (published.length = 0));
}

/** The spec's checkout payload (admin §3), with the plan as the dialog sends it. */
export const payload = (plan: Json, extra: Json = {}) => ({
  firstName: "Maria",
  lastName: "Souza",
  address2: "Rua das Flores, 10",
  city: "Belo Horizonte",
  state: "MG",
  zipcode: "30100-000",
  country: "Brasil",
  useAddressForPaymentDetails: false,
  plan,
  price: 1,
  users: 999,
  connections: 999,
  ...extra,
});

export const subscribe = (token: string, body: Json) => call(subscriptionRoute, { method: "POST", url: "/api/subscription", token, body });
export const listInvoices = (token: string, query = "") => call(invoicesRoute, { url: `/api/invoices/all${query}`, token });
export const sandboxPay = (token: string, txid: string) =>
  call(sandboxPayRoute, { method: "POST", url: `/api/sandbox/payments/${txid}/pay`, token, params: { txid } });
export const notify = (query: string, body: Json, pix = false) =>
  call(pix ? webhookPixRoute : webhookRoute, { method: "POST", url: `/api/payments/webhook/efi${pix ? "/pix" : ""}${query}`, body });

export const invoicesOf = (companyId: number) => getDb().select().from(invoices).where(eq(invoices.companyId, companyId)).orderBy(invoices.id);
export const companyRow = async (companyId: number) => (await getDb().select().from(companies).where(eq(companies.id, companyId)))[0];

/** A super user (the platform owner) in a company of its own making, logged in. */
export async function superSession(companyId: number) {
  const [owner] = await createUsers(companyId, 1, "Owner");
  await getDb().update(users).set({ super: true, profile: "admin" }).where(eq(users.id, owner.id));
  return (await loginAs(owner)).token;
}
