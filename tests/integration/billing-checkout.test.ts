import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { invoices, plans } from "@/db/schema";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { crc16 } from "@/lib/payments/pix-code";
import { createPlan, createTenant, loginAs } from "../helpers/factories";
import { companyRow, installBillingHooks, invoicesOf, payload, subscribe, superSession } from "../helpers/billing-env";

// POST /api/subscription (issue 13 §4): the checkout's invoice and its Pix charge (sandbox payer).
installBillingHooks();

let plan: { id: number; value: number; name: string };
let other: { id: number; value: number; name: string };

beforeAll(async () => {
  plan = await createPlan({ name: `Pro ${Date.now()}` });
  other = await createPlan({ name: `Max ${Date.now()}` });
  await getDb().update(plans).set({ value: 149.5 }).where(eq(plans.id, other.id));
  other.value = 149.5;
});

const in20 = () => addDaysToDate(todayIn(), 20);

async function tenantWithAdmin(opts: Parameters<typeof createTenant>[0] = {}) {
  const t = await createTenant({ planId: plan.id, dueDate: in20(), ...opts });
  return { t, token: (await loginAs(t.admin)).token };
}

describe("POST /api/subscription", () => {
  it("makes one invoice for the current period and one Pix charge; a second call answers the same charge", async () => {
    const { t, token } = await tenantWithAdmin();
    const first = await subscribe(token, payload({ id: plan.id, name: plan.name, value: plan.value }));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ txid: expect.stringMatching(/^[a-f0-9]{32}$/), valor: { original: "99.90" }, sandbox: true });
    const code: string = first.body.qrcode.qrcode;
    expect(code).toMatch(/^000201010212/);
    expect(code).toContain("540599.90");
    expect(code.slice(-4)).toBe(crc16(code.slice(0, -4)));
    expect(first.body.qrcode.imagemQrcode).toMatch(/^data:image\/png;base64,/);
    const rows = await invoicesOf(t.companyId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ id: first.body.invoiceId, status: "open", value: 99.9, dueDate: in20(), planId: plan.id, txId: first.body.txid, provider: "sandbox", pixCode: code });
    expect(rows[0].chargeExpiresAt!.getTime() - Date.now()).toBeGreaterThan(55 * 60_000);

    const second = await subscribe(token, payload({ id: plan.id }));
    expect(second.body).toEqual(first.body);
    expect(await invoicesOf(t.companyId)).toHaveLength(1);
    // the billing data of step 1 is kept on the company
    expect(await companyRow(t.companyId)).toMatchObject({ billingName: "Maria Souza", addressStreet: "Rua das Flores, 10", addressCity: "Belo Horizonte", addressZipCode: "30100-000" });
  });

  it("takes only the plan's id (object or JSON text): every amount comes from the database, never from price", async () => {
    const { t, token } = await tenantWithAdmin();
    const res = await subscribe(token, payload(JSON.stringify({ id: plan.id, value: 0.01 }), { price: 0.01, users: 1 }));
    expect(res.status).toBe(200);
    expect(res.body.valor).toEqual({ original: "99.90" });
    expect((await invoicesOf(t.companyId))[0].value).toBe(99.9);
  });

  it("refuses card data (400) and keeps none of it", async () => {
    const { t, token } = await tenantWithAdmin();
    for (const extra of [{ cardNumber: "4111111111111111" }, { cvv: "123" }, { cardNumber: "" }]) {
      const res = await subscribe(token, payload({ id: plan.id }, extra));
      expect(res.status).toBe(400);
      expect(res.body.error).toBe("ERR_VALIDATION");
      expect(res.body.issues.map((i: { path: string }) => i.path)).toEqual([Object.keys(extra)[0]]);
      expect(JSON.stringify(res.body)).not.toContain("4111111111111111");
    }
    expect(await invoicesOf(t.companyId)).toHaveLength(0);
  });

  it("answers the spec's step-1 messages for a missing name, address, city, zipcode or country", async () => {
    const { token } = await tenantWithAdmin();
    const res = await subscribe(token, payload({ id: plan.id }, { firstName: " ", address2: "", city: undefined, zipcode: "", country: "Argentina" }));
    expect(res.status).toBe(400);
    const issues = Object.fromEntries(res.body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(issues).toMatchObject({ firstName: "firstNameRequired", address2: "addressRequired", city: "cityRequired", zipcode: "zipcodeRequired", country: "countryRequired" });
    const us = await subscribe(token, payload({ id: plan.id }, { country: "US" }));
    expect(us.status).toBe(200);
  });

  it("uses the invoice named by invoiceId; another company's, or one already paid, is refused", async () => {
    const { t, token } = await tenantWithAdmin();
    const { t: b } = await tenantWithAdmin();
    const [older, named] = await getDb()
      .insert(invoices)
      .values([
        { companyId: t.companyId, detail: plan.name, value: 99.9, dueDate: addDaysToDate(todayIn(), 5), planId: plan.id },
        { companyId: t.companyId, detail: plan.name, value: 99.9, dueDate: in20(), planId: plan.id },
      ])
      .returning();
    const [foreign] = await getDb().insert(invoices).values({ companyId: b.companyId, detail: "B", value: 10, dueDate: in20(), planId: plan.id }).returning();
    const res = await subscribe(token, payload({ id: plan.id }, { invoiceId: named.id }));
    expect(res.body.invoiceId).toBe(named.id);
    expect(await subscribe(token, payload({ id: plan.id }, { invoiceId: foreign.id }))).toMatchObject({ status: 404, body: { error: "ERR_NO_INVOICE_FOUND" } });
    expect((await getDb().select().from(invoices).where(eq(invoices.id, foreign.id)))[0].txId).toBeNull();
    // without invoiceId: the oldest open one
    expect((await subscribe(token, payload({ id: plan.id }))).body.invoiceId).toBe(older.id);
    await getDb().update(invoices).set({ status: "paid", paidAt: new Date() }).where(eq(invoices.id, older.id));
    expect(await subscribe(token, payload({ id: plan.id }, { invoiceId: older.id }))).toMatchObject({ status: 409, body: { error: "ERR_INVOICE_ALREADY_PAID" } });
  });

  it("the chosen plan is what an open invoice pays, unless its charge is still live", async () => {
    const { t, token } = await tenantWithAdmin();
    const first = await subscribe(token, payload({ id: plan.id }));
    // the live charge is shown again, whatever plan is chosen now
    const again = await subscribe(token, payload({ id: other.id }));
    expect(again.body).toMatchObject({ txid: first.body.txid, valor: { original: "99.90" } });
    // once it has expired, the invoice takes the chosen plan and a new charge
    await getDb().update(invoices).set({ chargeExpiresAt: new Date(Date.now() - 1000) }).where(eq(invoices.id, first.body.invoiceId));
    const replanned = await subscribe(token, payload({ id: other.id }));
    expect(replanned.body).toMatchObject({ invoiceId: first.body.invoiceId, valor: { original: "149.50" } });
    expect(replanned.body.txid).not.toBe(first.body.txid);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ planId: other.id, value: 149.5, detail: other.name, txId: replanned.body.txid }]);
  });

  it("two checkouts at once make one invoice and one charge", async () => {
    const { t, token } = await tenantWithAdmin();
    const [a, b] = await Promise.all([subscribe(token, payload({ id: plan.id })), subscribe(token, payload({ id: plan.id }))]);
    expect(a.status).toBe(200);
    expect(b.body.txid).toBe(a.body.txid);
    expect(await invoicesOf(t.companyId)).toHaveLength(1);
  });

  it("a company without a due date pays for a period starting today", async () => {
    const { t, token } = await tenantWithAdmin({ dueDate: null });
    await subscribe(token, payload({ id: plan.id }));
    expect((await invoicesOf(t.companyId))[0].dueDate).toBe(todayIn());
  });

  it("refuses agents (403), an unknown plan (404), a free plan (400) and the platform owner's company (409)", async () => {
    const { t, token } = await tenantWithAdmin();
    const agent = (await loginAs(t.agent)).token;
    expect(await subscribe(agent, payload({ id: plan.id }))).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await subscribe(token, payload({ id: 2147483000 }))).toMatchObject({ status: 404, body: { error: "ERR_NO_PLAN_FOUND" } });
    const free = await createPlan({ name: `Free ${Date.now()}` });
    await getDb().update(plans).set({ value: 0 }).where(eq(plans.id, free.id));
    expect(await subscribe(token, payload({ id: free.id }))).toMatchObject({ status: 400, body: { error: "ERR_INVOICE_NO_AMOUNT" } });
    // the transaction is rolled back: no invoice is left behind
    expect(await invoicesOf(t.companyId)).toHaveLength(0);
    const owner = await createTenant({ planId: plan.id, dueDate: null });
    const ownerToken = await superSession(owner.companyId);
    expect(await subscribe(ownerToken, payload({ id: plan.id }))).toMatchObject({ status: 409, body: { error: "ERR_COMPANY_PROTECTED" } });
    expect(await getDb().select().from(invoices).where(and(eq(invoices.companyId, owner.companyId)))).toHaveLength(0);
  });
});

