import { InngestTestEngine } from "@inngest/test";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { getDb } from "@/db";
import { billingNotices, companies, invoices, mailMessages, plans, users } from "@/db/schema";
import { addDaysToDate } from "@/lib/dates/today";
import { createUpcomingInvoices } from "@/lib/invoices/create-upcoming-invoices";
import { lockOutExpired } from "@/lib/invoices/lock-out-expired";
import { sendDueReminders } from "@/lib/invoices/send-due-reminders";
import { createEmbeddedScheduler } from "@/lib/jobs/embedded-scheduler";
import { createUpcomingInvoicesHourly } from "@/lib/jobs/functions/billing-invoices";
import { lockOutExpiredHourly } from "@/lib/jobs/functions/billing-lockout";
import { sendDueRemindersHourly } from "@/lib/jobs/functions/billing-reminders";
import { channels, EVENTS } from "@/lib/realtime/channels";
import { createPlan, createTenant, createUsers, type TenantOptions } from "../helpers/factories";
import { installBillingHooks, published } from "../helpers/billing-env";

// The timed billing work (issue 13 §4), its services driven with `now` passed in, the Inngest
// functions under @inngest/test (their clock step mocked), and the embedded scheduler's pass.
installBillingHooks();

// 12:00 in São Paulo on 2026-03-10; already 2026-03-11 in Tokyo
const NOW = new Date("2026-03-10T15:00:00Z");
const TODAY = "2026-03-10";
const day = (n: number) => addDaysToDate(TODAY, n);
const at = (n: number) => new Date(NOW.getTime() + n * 86_400_000);

let planId: number;
beforeAll(async () => {
  planId = (await createPlan({ name: `Mensal ${Date.now()}` })).id;
});

const company = (dueIn: number | null, opts: TenantOptions = {}) => createTenant({ planId, dueDate: dueIn === null ? null : day(dueIn), ...opts });

async function makeOwner(t: { companyId: number }) {
  const [owner] = await createUsers(t.companyId, 1, "Owner");
  await getDb().update(users).set({ super: true }).where(eq(users.id, owner.id));
}

const invoicesOf = (companyId: number) => getDb().select().from(invoices).where(eq(invoices.companyId, companyId));
const noticesOf = (companyId: number) => getDb().select().from(billingNotices).where(eq(billingNotices.companyId, companyId)).orderBy(billingNotices.id);
const mailTo = (email: string) => getDb().select().from(mailMessages).where(eq(mailMessages.to, email.toLowerCase())).orderBy(mailMessages.id);

describe("the next period's invoice", () => {
  it("is made INVOICE_DAYS_BEFORE_DUE days before the due date, once, at the plan's value", async () => {
    const [due10, due11, past, owner, none] = await Promise.all([company(10), company(11), company(-2), company(5), company(null)]);
    await makeOwner(owner);
    const made = await createUpcomingInvoices(getDb(), NOW, 10);
    expect(made).toBeGreaterThanOrEqual(2);
    const [plan] = await getDb().select().from(plans).where(eq(plans.id, planId));
    expect(await invoicesOf(due10.companyId)).toMatchObject([{ dueDate: day(10), value: 99.9, planId, detail: plan.name, status: "open", txId: null }]);
    // a period already due and unpaid gets its invoice too (the company pays to come back)
    expect(await invoicesOf(past.companyId)).toMatchObject([{ dueDate: day(-2) }]);
    for (const t of [due11, owner, none]) expect(await invoicesOf(t.companyId)).toEqual([]);
    expect(await createUpcomingInvoices(getDb(), NOW, 10)).toBe(0);
    expect(await invoicesOf(due10.companyId)).toHaveLength(1);
    // a day later the 11-day one is due for its invoice
    await createUpcomingInvoices(getDb(), at(1), 10);
    expect(await invoicesOf(due11.companyId)).toMatchObject([{ dueDate: day(11) }]);
  });

  it("is not made for a free plan, nor twice when the checkout made it first", async () => {
    const free = await createPlan({ name: `Free ${Date.now()}` });
    await getDb().update(plans).set({ value: 0 }).where(eq(plans.id, free.id));
    const [freeCo, paidEarly] = await Promise.all([createTenant({ planId: free.id, dueDate: day(3) }), company(4)]);
    await getDb().insert(invoices).values({ companyId: paidEarly.companyId, detail: "checkout", value: 99.9, dueDate: day(4), planId, status: "paid", paidAt: NOW });
    await createUpcomingInvoices(getDb(), NOW, 10);
    expect(await invoicesOf(freeCo.companyId)).toEqual([]);
    expect(await invoicesOf(paidEarly.companyId)).toMatchObject([{ detail: "checkout", status: "paid" }]);
  });
});

describe("the due-date reminders", () => {
  it("mail the company 5 days and 1 day before the due date, each once", async () => {
    const t = await company(5);
    await getDb().insert(invoices).values({ companyId: t.companyId, detail: "Plano", value: 99.9, dueDate: day(5), planId });
    await sendDueReminders(getDb(), NOW);
    await sendDueReminders(getDb(), NOW);
    let mails = await mailTo(t.admin.email);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe("Sua assinatura vence em 5 dias");
    expect(mails[0].text).toContain(`A assinatura da sua empresa vence em ${day(5).split("-").reverse().join("/")} (em 5 dias).`);
    expect(mails[0].text).toContain("Fatura em aberto: R$\u00a099,90.");
    expect(mails[0].text).toContain("http://127.0.0.1:3000/financeiro");
    // three and two days before: nothing more; the day before: the last reminder
    await sendDueReminders(getDb(), at(2));
    await sendDueReminders(getDb(), at(3));
    expect(await mailTo(t.admin.email)).toHaveLength(1);
    await sendDueReminders(getDb(), at(4));
    await sendDueReminders(getDb(), at(4));
    mails = await mailTo(t.admin.email);
    expect(mails.map((m) => m.subject)).toEqual(["Sua assinatura vence em 5 dias", "Sua assinatura vence em 1 dia"]);
    expect(mails[1].text).toContain("(amanhã)");
    expect((await noticesOf(t.companyId)).map((n) => [n.kind, n.dueDate])).toEqual([
      ["reminder-5", day(5)],
      ["reminder-1", day(5)],
    ]);
  });

  it("are in the company admin's language, and not sent to the owner, suspended companies, or outside the window", async () => {
    const [english, far, owner, suspended] = await Promise.all([company(2), company(6), company(3), company(1, { status: false })]);
    await makeOwner(owner);
    await getDb().update(users).set({ locale: "en" }).where(eq(users.id, english.admin.id));
    await sendDueReminders(getDb(), NOW);
    expect((await mailTo(english.admin.email)).map((m) => m.subject)).toEqual(["Your subscription is due in 2 days"]);
    for (const t of [far, owner, suspended]) expect(await mailTo(t.admin.email)).toEqual([]);
  });
});

describe("the lock-out after the due date", () => {
  it("is recorded once per due date, tells every open browser of the company, and skips the owner and suspended companies", async () => {
    const [due, tomorrow, owner, suspended] = await Promise.all([company(0), company(1), company(-1), company(-1, { status: false })]);
    await makeOwner(owner);
    published.length = 0;
    await lockOutExpired(getDb(), NOW);
    await lockOutExpired(getDb(), NOW);
    expect(await noticesOf(due.companyId)).toMatchObject([{ kind: "lockout", dueDate: TODAY }]);
    for (const t of [tomorrow, owner, suspended]) expect(await noticesOf(t.companyId)).toEqual([]);
    const mine = new Set([channels.user(due.companyId, due.admin.id), channels.user(due.companyId, due.agent.id)]);
    const auth = published.filter((e) => e.event === EVENTS.auth && e.channels.some((c) => mine.has(c)));
    expect(auth).toHaveLength(1);
    expect(auth[0].channels.sort()).toEqual([...mine].sort());
    expect(auth[0].data).toEqual({ action: "subscriptionExpired", dueDate: TODAY });
    // renewed and past due again: a new due date, a new lock-out
    await getDb().update(companies).set({ dueDate: day(30) }).where(eq(companies.id, due.companyId));
    await lockOutExpired(getDb(), at(30));
    expect((await noticesOf(due.companyId)).map((n) => n.dueDate)).toEqual([TODAY, day(30)]);
  });

  it("judges the due date in the company's timezone", async () => {
    const [tokyo, saoPaulo] = await Promise.all([company(1, { timezone: "Asia/Tokyo" }), company(1)]);
    await lockOutExpired(getDb(), NOW);
    expect(await noticesOf(tokyo.companyId)).toMatchObject([{ kind: "lockout", dueDate: day(1) }]);
    expect(await noticesOf(saoPaulo.companyId)).toEqual([]);
  });
});

describe("the Inngest functions", () => {
  const clock = (when: Date) => [{ id: "clock", handler: () => when.toISOString() }];

  it("each runs its service at the clock step's time; a second run does nothing", async () => {
    const t = await company(30);
    const when = at(22); // eight days before the due date
    const invoicesRun = () => new InngestTestEngine({ function: createUpcomingInvoicesHourly, steps: clock(when) }).execute();
    const first = await invoicesRun();
    expect((first.result as { invoices: number }).invoices).toBeGreaterThanOrEqual(1);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ dueDate: day(30) }]);
    expect((await invoicesRun()).result).toEqual({ invoices: 0 });

    const remindersRun = () => new InngestTestEngine({ function: sendDueRemindersHourly, steps: clock(at(29)) }).execute();
    expect(((await remindersRun()).result as { reminders: number }).reminders).toBeGreaterThanOrEqual(1);
    expect((await mailTo(t.admin.email)).map((m) => m.subject)).toEqual(["Sua assinatura vence em 1 dia"]);
    expect((await remindersRun()).result).toEqual({ reminders: 0 });

    const lockRun = () => new InngestTestEngine({ function: lockOutExpiredHourly, steps: clock(at(30)) }).execute();
    expect(((await lockRun()).result as { lockouts: number }).lockouts).toBeGreaterThanOrEqual(1);
    expect(await getDb().select().from(billingNotices).where(and(eq(billingNotices.companyId, t.companyId), eq(billingNotices.kind, "lockout")))).toHaveLength(1);
    expect((await lockRun()).result).toEqual({ lockouts: 0 });
  });
});

describe("the embedded scheduler", () => {
  it("runs the billing part on its tick with its clock, at most once a minute", async () => {
    const t = await company(60);
    const lines: string[] = [];
    const scheduler = createEmbeddedScheduler({ db: getDb, log: (l) => lines.push(l), now: () => at(55) });
    await scheduler.tick();
    expect(lines.some((l) => /^made \d+ invoice\(s\) for the next period$/.test(l))).toBe(true);
    expect(lines.some((l) => /^queued \d+ due-date reminder\(s\)$/.test(l))).toBe(true);
    expect(await invoicesOf(t.companyId)).toMatchObject([{ dueDate: day(60) }]);
    lines.length = 0;
    await scheduler.tick();
    await scheduler.stop();
    expect(lines.filter((l) => /invoice|reminder|locked out/.test(l))).toEqual([]);
  });
});
