import path from "node:path";
import type { Page } from "@playwright/test";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { companies, invoices, plans } from "@/db/schema";
import { lastActiveDay } from "@/lib/companies/due-date";
import { addDaysToDate, formatDayBr, todayIn } from "@/lib/dates/today";
import { fillAddress } from "./checkout-steps";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Issue 13 §4 (spec admin §2.6, §4, §5, §8): /subscription, the checkout in three steps, the Pix
// screen, payment through the sandbox payer, the paid screen, and /financeiro. The demo company is
// the platform owner's (no due date, never billed), so each test pays with a company of its own
// (createE2eTenant, through the e2e database).

test.use({ viewport: { width: 1440, height: 900 } });

// BILLING_SHOTS_DIR=/some/dir keeps screenshots of each screen (none are written otherwise)
const SHOTS = process.env.BILLING_SHOTS_DIR;
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `h5-${name}.png`) });
};

const companyRow = async (companyId: number) => {
  const [row] = await getDb().select({ dueDate: companies.dueDate, planId: companies.planId }).from(companies).where(eq(companies.id, companyId));
  return row;
};

test("an admin subscribes: three steps, the Pix screen, the sandbox pays, the due date moves and /financeiro says Pago", async ({ page }) => {
  const t = await createE2eTenant({ dueInDays: 25 });
  const db = getDb();
  const before = await companyRow(t.company.id);
  // a trial ending in 3 days (what sign-up gives)
  await db.update(companies).set({ trialExpiration: new Date(Date.now() + 3 * 86_400_000) }).where(eq(companies.id, t.company.id));
  const [pro] = await db.select().from(plans).where(eq(plans.name, "Profissional"));

  await signIn(page, t.admin.email, t.admin.password, "/subscription");
  await expect(page.getByTestId("trial-days")).toHaveText("3");
  await expect(page.getByTestId("trial-text")).toHaveText("Seu período de teste termina em 3 dias!");
  await expect(page.getByTestId("billing-email")).toHaveText(t.company.email!);
  await expect(page.getByTestId("subscription-plan")).toContainText(t.plan.name);
  await expect(page.getByTestId("subscription-due-date")).toHaveText(formatDayBr(lastActiveDay(before.dueDate!)));
  await shot(page, "subscription");

  // step 1: the spec's messages, then the address
  await page.getByTestId("subscribe").click();
  const dialog = page.getByTestId("checkout-dialog");
  await expect(dialog.getByTestId("checkout-stepper")).toContainText("Dados");
  await dialog.getByTestId("checkout-next").click();
  for (const message of ["O nome completo é obrigatório", "O Endereço é obrigatório", "Cidade é obrigatória", "CEP é obrigatório", "País é obrigatório"]) {
    await expect(dialog.getByText(message)).toBeVisible();
  }
  await shot(page, "checkout-dados");
  await fillAddress(page);

  // step 2: the plan cards, the company's own plan preselected; choosing one goes on
  await expect(dialog.getByTestId("checkout-plans")).toBeVisible();
  await expect(dialog.getByTestId(`plan-card-${t.plan.id}`)).toHaveAttribute("data-selected", "true");
  await expect(dialog.getByTestId(`plan-card-${pro.id}`)).toContainText("Profissional");
  await shot(page, "checkout-personalizar");
  await dialog.getByTestId(`plan-card-${pro.id}`).getByTestId("plan-select").click();

  // step 3: the summary, then PAGAR
  await expect(dialog.getByTestId("review-plan")).toHaveText("Profissional");
  await expect(dialog.getByTestId("review-address")).toContainText("Rua das Flores, 100");
  await expect(dialog.getByTestId("review-total")).toHaveText(/R\$\s199,90/);
  await shot(page, "checkout-revisar");
  await dialog.getByTestId("checkout-pay").click();
  await expect(page.getByText("Assinatura realizada com sucesso!, aguardando a realização do pagamento").first()).toBeVisible();

  // the Pix screen: QR image, copy-paste code, amount, and the sandbox's Pay in the demo
  await expect(dialog.getByTestId("checkout-pix")).toBeVisible();
  await expect(dialog.getByTestId("pix-amount")).toHaveText(/R\$\s199,90/);
  await expect(dialog.getByTestId("pix-qr")).toHaveAttribute("src", /^data:image\/png;base64,/);
  const code = await dialog.getByTestId("pix-code").inputValue();
  expect(code).toMatch(/^000201/); // a Pix BR Code starts with its format indicator
  expect(code).toContain("199.90");
  await shot(page, "checkout-pix");
  await dialog.getByTestId("pix-sandbox-pay").click();

  // the paid screen: renewed until the last active day of the new due date, then / after 4 s
  await expect(dialog.getByTestId("checkout-paid")).toBeVisible();
  const after = await companyRow(t.company.id);
  expect(after.dueDate! > before.dueDate!).toBe(true);
  expect(after.planId).toBe(pro.id); // paying an invoice of another plan moves the company to it
  const renewedUntil = formatDayBr(lastActiveDay(after.dueDate!));
  await expect(dialog.getByTestId("paid-until")).toHaveText(renewedUntil);
  await shot(page, "checkout-paid");
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("active-until")).toContainText(renewedUntil);

  // /financeiro: the invoice is paid
  const [paid] = await db.select().from(invoices).where(eq(invoices.companyId, t.company.id));
  expect(paid.status).toBe("paid");
  await page.goto("/financeiro");
  const row = page.getByTestId(`invoice-row-${paid.id}`);
  await expect(row.getByTestId("invoice-status")).toHaveText("Pago");
  await expect(row.getByTestId("invoice-paid")).toHaveText("PAGO");
  await expect(row.getByTestId("invoice-pay")).toHaveCount(0);
  await expect(row.getByTestId("invoice-value")).toHaveText(/R\$\s199,90/);
  await page.goto("/subscription");
  await expect(page.getByTestId("subscription-due-date")).toHaveText(renewedUntil);
  await expect(page.getByTestId("subscription-plan")).toContainText("Profissional");
});

test("/financeiro: Pago, Vencido and Em Aberto; Pay opens the checkout for that invoice; the payment event updates the list and the Pix screen", async ({ browser }) => {
  const t = await createE2eTenant({ dueInDays: 20 });
  const db = getDb();
  const today = todayIn();
  const rows = await db
    .insert(invoices)
    .values([
      { companyId: t.company.id, detail: "Mensalidade paga", value: 50, dueDate: addDaysToDate(today, -40), status: "paid", paidAt: new Date(), planId: t.plan.id },
      { companyId: t.company.id, detail: "Mensalidade vencida", value: 50, dueDate: addDaysToDate(today, -5), planId: t.plan.id },
      { companyId: t.company.id, detail: "Mensalidade em aberto", value: 50, dueDate: addDaysToDate(today, 20), planId: t.plan.id },
    ])
    .returning();
  const [paidRow, overdueRow, openRow] = rows;

  const ctx = await browser.newContext();
  const page = await ctx.newPage();
  await signIn(page, t.admin.email, t.admin.password, "/financeiro");
  await expect(page.getByTestId("page-title")).toHaveText("Faturas");
  const statusOf = (id: number) => page.getByTestId(`invoice-row-${id}`).getByTestId("invoice-status");
  await expect(statusOf(paidRow.id)).toHaveText("Pago");
  await expect(statusOf(overdueRow.id)).toHaveText("Vencido");
  await expect(statusOf(openRow.id)).toHaveText("Em Aberto");
  // newest due date first; the overdue row is tinted; Pay on unpaid rows, PAGO on the paid one
  await expect(page.locator('[data-testid^="invoice-row-"]')).toHaveCount(3);
  await expect(page.locator('[data-testid^="invoice-row-"]').first()).toHaveAttribute("data-testid", `invoice-row-${openRow.id}`);
  await expect(page.getByTestId(`invoice-row-${overdueRow.id}`)).toHaveClass(/bg-destructive/);
  await expect(page.getByTestId(`invoice-row-${openRow.id}`)).not.toHaveClass(/bg-destructive/);
  await expect(page.getByTestId(`invoice-row-${paidRow.id}`).getByTestId("invoice-paid")).toHaveText("PAGO");
  await expect(page.getByTestId(`invoice-row-${overdueRow.id}`).getByTestId("invoice-pay")).toBeVisible();
  await expect(page.getByTestId(`invoice-row-${paidRow.id}`).getByTestId("invoice-due-date")).toHaveText(formatDayBr(paidRow.dueDate));
  await shot(page, "financeiro");

  // a second page of the same admin watches the list live
  const watcher = await ctx.newPage();
  await watcher.goto("/financeiro");
  await expect(watcher.getByTestId(`invoice-row-${openRow.id}`).getByTestId("invoice-status")).toHaveText("Em Aberto");

  // Pay on the open invoice: its plan is preselected, its value is the total
  await page.getByTestId(`invoice-row-${openRow.id}`).getByTestId("invoice-pay").click();
  const dialog = page.getByTestId("checkout-dialog");
  await fillAddress(page);
  await expect(dialog.getByTestId(`plan-card-${t.plan.id}`)).toHaveAttribute("data-selected", "true");
  await dialog.getByTestId("checkout-next").click();
  await expect(dialog.getByTestId("review-total")).toHaveText(/R\$\s50,00/);
  await dialog.getByTestId("checkout-pay").click();
  await expect(dialog.getByTestId("pix-amount")).toHaveText(/R\$\s50,00/);
  const [charged] = await db.select().from(invoices).where(and(eq(invoices.id, openRow.id), eq(invoices.companyId, t.company.id)));
  expect(charged.txId).toBeTruthy();

  // paid elsewhere (the sandbox call, as a bank's confirmation would): the payment event does the rest
  const res = await page.request.post(`/api/sandbox/payments/${charged.txId}/pay`);
  expect(res.status()).toBe(200);
  const answer = await res.json();
  expect(answer).toMatchObject({ invoiceId: openRow.id, status: "paid" });
  await expect(dialog.getByTestId("checkout-paid")).toBeVisible();
  await expect(dialog.getByTestId("paid-until")).toHaveText(formatDayBr(lastActiveDay(answer.dueDate)));
  await expect(watcher.getByTestId(`invoice-row-${openRow.id}`).getByTestId("invoice-status")).toHaveText("Pago");
  await expect(watcher.getByTestId(`invoice-row-${openRow.id}`).getByTestId("invoice-paid")).toHaveText("PAGO");
  await expect(watcher.getByTestId(`invoice-row-${overdueRow.id}`).getByTestId("invoice-status")).toHaveText("Vencido");
  await page.waitForURL((url) => url.pathname === "/");
  await ctx.close();

  // an agent is refused the page (admins only)
  const agentCtx = await browser.newContext();
  const agent = await agentCtx.newPage();
  await signIn(agent, t.agent.email, t.agent.password, "/financeiro");
  await expect(agent.getByText("Acesso não permitido").first()).toBeVisible();
  await expect(agent.getByTestId("invoices-table")).toHaveCount(0);
  await agentCtx.close();
});
