import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { companies, invoices, plans } from "@/db/schema";
import { addMonthsToDate } from "@/lib/companies/recurrence";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { resetEnvCache } from "@/lib/env";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { createPlan, createTenant, loginAs } from "../helpers/factories";
import { companyRow, installBillingHooks, invoicesOf, payload, published, sandboxPay, subscribe, superSession } from "../helpers/billing-env";

// POST /api/sandbox/payments/{txid}/pay (issue 13 §4): the sandbox payer pays a checkout's charge
// through the one paying service (renew once, move to the invoice's plan, re-enable, `payment`).
installBillingHooks();

let plan: { id: number };
let bigger: { id: number };
let ownerToken: string;

beforeAll(async () => {
  plan = await createPlan({ name: `Base ${Date.now()}` });
  bigger = await createPlan({ name: `Bigger ${Date.now()}` });
  await getDb().update(plans).set({ value: 200 }).where(eq(plans.id, bigger.id));
  const owner = await createTenant({ planId: plan.id, dueDate: null });
  ownerToken = await superSession(owner.companyId);
});

/** A company due in `days` days, with its admin signed in and a checkout's charge for `planId`. */
async function charged(days = 20, planId = plan.id) {
  const t = await createTenant({ planId: plan.id, dueDate: addDaysToDate(todayIn(), days) });
  const token = (await loginAs(t.admin)).token;
  const res = await subscribe(token, payload({ id: planId }));
  expect(res.status).toBe(200);
  return { t, token, txid: res.body.txid as string, invoiceId: res.body.invoiceId as number };
}

const paymentEvents = () => published.filter((e) => e.event === EVENTS.payment);

describe("POST /api/sandbox/payments/{txid}/pay", () => {
  it("pays the invoice and renews the company once by its recurrence; a second call changes nothing", async () => {
    const { t, token, txid, invoiceId } = await charged(20);
    const next = addMonthsToDate(addDaysToDate(todayIn(), 20), 1);
    const first = await sandboxPay(token, txid);
    expect(first).toMatchObject({ status: 200, body: { invoiceId, status: "paid", dueDate: next } });
    expect(await invoicesOf(t.companyId)).toMatchObject([{ id: invoiceId, status: "paid", paidAt: expect.any(Date) }]);
    expect((await companyRow(t.companyId)).dueDate).toBe(next);
    expect(paymentEvents()).toEqual([
      { channels: [channels.admins(t.companyId)], event: "payment", data: { action: "CONCLUIDA", invoiceId, company: { id: t.companyId, dueDate: next } } },
    ]);
    const second = await sandboxPay(token, txid);
    expect(second).toMatchObject({ status: 200, body: { invoiceId, status: "paid", dueDate: next } });
    expect((await companyRow(t.companyId)).dueDate).toBe(next);
    expect(paymentEvents()).toHaveLength(1);
  });

  it("renews from today when the due date has passed, and by the company's recurrence", async () => {
    const { t, txid } = await charged(20);
    await getDb().update(companies).set({ dueDate: addDaysToDate(todayIn(), -3), recurrence: "TRIMESTRAL" }).where(eq(companies.id, t.companyId));
    // the company is locked out now: the platform owner pays for it
    const res = await sandboxPay(ownerToken, txid);
    const expected = addMonthsToDate(todayIn(), 3);
    expect(res.body.dueDate).toBe(expected);
    expect((await companyRow(t.companyId)).dueDate).toBe(expected);
  });

  it("moves the company to the invoice's plan", async () => {
    const { t, token, txid } = await charged(20, bigger.id);
    expect((await companyRow(t.companyId)).planId).toBe(plan.id);
    await sandboxPay(token, txid);
    expect((await companyRow(t.companyId)).planId).toBe(bigger.id);
  });

  it("re-enables a suspended company (the platform owner pays for it; its admin cannot sign in)", async () => {
    const { t, txid } = await charged(20);
    await getDb().update(companies).set({ status: false }).where(eq(companies.id, t.companyId));
    await expect(loginAs(t.admin)).rejects.toThrow(/403/);
    const res = await sandboxPay(ownerToken, txid);
    expect(res.status).toBe(200);
    expect((await companyRow(t.companyId)).status).toBe(true);
    expect((await loginAs(t.admin)).token).toBeTruthy();
  });

  it("another company's charge is a 404 for a company admin and changes nothing; the platform owner may pay any", async () => {
    const a = await charged(20);
    const b = await charged(20);
    expect(await sandboxPay(a.token, b.txid)).toMatchObject({ status: 404, body: { error: "ERR_NO_INVOICE_FOUND" } });
    expect(await invoicesOf(b.t.companyId)).toMatchObject([{ status: "open" }]);
    expect((await sandboxPay(ownerToken, b.txid)).status).toBe(200);
    expect(await invoicesOf(b.t.companyId)).toMatchObject([{ status: "paid" }]);
  });

  it("refuses agents (403), unknown (404) and malformed (400) txids", async () => {
    const { t, token, txid } = await charged(20);
    const agent = (await loginAs(t.agent)).token;
    expect(await sandboxPay(agent, txid)).toMatchObject({ status: 403, body: { error: "ERR_NO_PERMISSION" } });
    expect(await sandboxPay(token, "0".repeat(32))).toMatchObject({ status: 404 });
    expect(await sandboxPay(token, "not-a-txid")).toMatchObject({ status: 400, body: { error: "ERR_VALIDATION" } });
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
  });

  it("answers 404 while Efí is the provider, and to company admins where the sandbox is off (the owner still may)", async () => {
    const { t, token, txid } = await charged(20);
    const saved = { ...process.env };
    try {
      Object.assign(process.env, { PAYMENT_PROVIDER: "efi", EFI_CLIENT_ID: "id", EFI_CLIENT_SECRET: "secret", EFI_CERTIFICATE: "/nonexistent.p12", EFI_PIX_KEY: "k" });
      resetEnvCache();
      expect(await sandboxPay(token, txid)).toMatchObject({ status: 404, body: { error: "ERR_NOT_FOUND" } });
      expect(await sandboxPay(ownerToken, txid)).toMatchObject({ status: 404 });
      for (const k of ["PAYMENT_PROVIDER", "EFI_CLIENT_ID", "EFI_CLIENT_SECRET", "EFI_CERTIFICATE", "EFI_PIX_KEY"]) delete process.env[k];
      process.env.SANDBOX_ENABLED = "0";
      resetEnvCache();
      expect(await sandboxPay(token, txid)).toMatchObject({ status: 404 });
      // the checkout does not offer the sandbox's button then
      expect((await subscribe(token, payload({ id: plan.id }))).body.sandbox).toBe(false);
      expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
      expect((await sandboxPay(ownerToken, txid)).status).toBe(200);
    } finally {
      process.env = saved;
      resetEnvCache();
    }
  });

  it("a txid of an Efí charge (another provider) is not the sandbox's to pay", async () => {
    const { t, token } = await charged(20);
    const [inv] = await invoicesOf(t.companyId);
    await getDb().update(invoices).set({ provider: "efi" }).where(eq(invoices.id, inv.id));
    expect(await sandboxPay(token, inv.txId!)).toMatchObject({ status: 404 });
    expect(await invoicesOf(t.companyId)).toMatchObject([{ status: "open" }]);
  });
});
