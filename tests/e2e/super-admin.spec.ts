import { randomBytes } from "node:crypto";
import type { Page } from "@playwright/test";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { expect, loginThroughPage, pickOption, subscribed, test } from "./fixtures";

// issue 13 §1 (admin §2.4): the demo's super admin creates a plan, then a company on it with its
// admin, renews it, adds a help video; the new admin signs in to a company of their own, and
// suspending that company sends the admin's open page to /login.
// SHOTS_DIR set: screenshots of the tabs and dialogs are saved there.
const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png` } : undefined);
const snap = async (page: Page, name: string) => {
  const opts = shot(name);
  if (opts) await page.screenshot({ ...opts, animations: "disabled" });
};
const DONE = "Operação realizada com sucesso!";

test("the super admin creates a plan and a company; its admin signs in until the company is suspended", async ({ browser }) => {
  // two browsers, five settings tabs with their dialogs and screenshots: a clean-clone CI run took
  // 1.1 min and ran out of the default minute just as the suspension was published
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex");
  const plan = `Plano E2E ${tag}`;
  const company = `Loja E2E ${tag}`;
  const email = `dono-${tag}@e2e.test`;

  const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const page = await ctx.newPage();
  await loginThroughPage(page, "admin@example.com", "admin123");
  await expect(page).toHaveURL(/\/tickets/);
  await page.goto("/settings");

  // Plans: every flag starts on; the price is typed as in Brazil and shown in BRL
  await page.getByTestId("tab-plans").click();
  await expect(page).toHaveURL(/\?tab=plans/);
  await expect(page.getByTestId("plans-table")).toBeVisible();
  await page.getByTestId("add-plan").click();
  const planDialog = page.getByTestId("plan-dialog");
  for (const flag of ["useCampaigns", "useKanban", "useOpenAi", "useIntegrations", "useSchedules", "useInternalChat", "useExternalApi"]) {
    await expect(planDialog.getByTestId(`field-${flag}`)).toHaveAttribute("data-state", "checked");
  }
  await planDialog.getByTestId("field-name").fill(plan);
  await planDialog.getByTestId("field-value").fill("1.249,9");
  await planDialog.getByTestId("field-users").fill("3");
  await planDialog.getByTestId("field-connections").fill("1");
  await planDialog.getByTestId("field-queues").fill("2");
  await planDialog.getByTestId("field-useKanban").click();
  await expect(planDialog.getByTestId("value-preview")).toContainText("R$ 1.249,90");
  await snap(page, "super-admin-plan-dialog");
  await planDialog.getByTestId("plan-submit").click();
  await expect(page.getByText(DONE).first()).toBeVisible();
  await expect(planDialog).toBeHidden();
  const planRow = page.getByTestId("plans-table").getByRole("row").filter({ hasText: plan });
  await expect(planRow.getByTestId("plan-value")).toContainText("R$ 1.249,90");
  await expect(planRow.getByTestId("plan-features")).toHaveText("6 de 7");
  await snap(page, "super-admin-plans-tab");

  // Companies: the platform's own company is marked and has no due date
  await page.getByTestId("tab-companies").click();
  const table = page.getByTestId("companies-table");
  const demo = table.getByRole("row").filter({ hasText: "Empresa Demo" });
  // searched for: the list is by name, and the run's other companies ("Empresa 0a1b…") come first
  await page.getByTestId("companies-search").fill("empresa demo");
  await expect(demo.getByTestId("company-owner")).toBeVisible();
  await expect(demo.getByTestId("delete-company")).toHaveCount(0);
  // its form keeps it active and without a due date
  await demo.getByTestId("edit-company").click();
  const dialog = page.getByTestId("company-dialog");
  await expect(dialog.getByTestId("field-status")).toBeDisabled();
  await expect(dialog.getByTestId("field-dueDate")).toBeDisabled();
  await snap(page, "super-admin-owner-dialog");
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  // a company due in exactly 5 days (São Paulo) is tinted yellow
  const due = addDaysToDate(todayIn("America/Sao_Paulo"), 5);
  await page.getByTestId("add-company").click();
  await dialog.getByTestId("field-name").fill(company);
  await dialog.getByTestId("field-email").fill(email);
  await dialog.getByTestId("field-password").fill("segredo1");
  await dialog.getByTestId("field-phone").fill("(31) 99876-5432");
  await pickOption(page, dialog.getByTestId("field-planId"), new RegExp(plan));
  await dialog.getByTestId("field-dueDate").fill(due);
  await dialog.getByTestId("field-campaignsEnabled").click();
  await expect(dialog.getByTestId("field-campaignsEnabled")).toHaveAttribute("data-state", "checked");
  await snap(page, "super-admin-company-dialog");
  await dialog.getByTestId("company-submit").click();
  await expect(page.getByText(DONE).first()).toBeVisible();
  await expect(dialog).toBeHidden();
  await page.getByTestId("companies-search").fill(company.toLowerCase());
  const row = table.getByRole("row").filter({ hasText: company });
  await expect(row).toHaveAttribute("data-tint", "yellow");
  await expect(row.getByTestId("company-due-date")).toHaveText(due.split("-").reverse().join("/"));
  await page.getByTestId("companies-search").fill("");
  // the whole list again: more than the searched company
  await expect.poll(() => table.getByRole("row").count()).toBeGreaterThan(2);
  await snap(page, "super-admin-companies-tab");

  // "+ Vencimento": a month later, no longer tinted
  await page.getByTestId("companies-search").fill(company);
  await row.getByTestId("renew-company").click();
  await expect(page.getByText("Operação atualizada com sucesso.").first()).toBeVisible();
  await expect(row).toHaveAttribute("data-tint", "none");

  // a duplicate name is refused with the spec's message
  await page.getByTestId("add-company").click();
  await dialog.getByTestId("field-name").fill(company.toUpperCase());
  await dialog.getByTestId("field-email").fill(`outro-${tag}@e2e.test`);
  await dialog.getByTestId("field-password").fill("segredo1");
  await pickOption(page, dialog.getByTestId("field-planId"), new RegExp(plan));
  await dialog.getByTestId("company-submit").click();
  await expect(page.getByText(/Verifique se já existe uma empresa com o mesmo nome/).first()).toBeVisible();
  await expect(page.getByText("Já existe uma empresa com este nome.").first()).toBeVisible();
  await dialog.getByRole("button", { name: "Cancelar" }).click();

  // Help: a video every user will see on /helps
  await page.getByTestId("tab-helps").click();
  await page.getByTestId("add-help").click();
  const helpDialog = page.getByTestId("help-dialog");
  await helpDialog.getByTestId("field-title").fill(`Vídeo ${tag}`);
  await helpDialog.getByTestId("field-video").fill("https://www.youtube.com/watch?v=aqz-KE-bpKQ");
  await helpDialog.getByTestId("field-description").fill("Como usar a plataforma");
  await snap(page, "super-admin-help-dialog");
  await helpDialog.getByTestId("help-submit").click();
  await expect(page.getByText(DONE).first()).toBeVisible();
  await expect(page.getByTestId("helps-table").getByRole("row").filter({ hasText: `Vídeo ${tag}` })).toBeVisible();
  await snap(page, "super-admin-helps-tab");

  // the delete confirmation (a plan in use is refused)
  await page.getByTestId("tab-plans").click();
  await planRow.getByTestId("delete-plan").click();
  await expect(page.getByTestId("confirm-dialog")).toBeVisible();
  await expect(page.getByTestId("confirm-dialog")).toHaveCSS("opacity", "1");
  await snap(page, "super-admin-delete-confirm");
  await page.getByTestId("confirm-dialog").getByTestId("confirm-button").click();
  await expect(page.getByText("Não foi possível realizar a operação").first()).toBeVisible();
  await expect(page.getByText("Este plano está em uso por alguma empresa e não pode ser excluído.").first()).toBeVisible();

  // the new company's admin signs in with the company's email, in a company of their own
  const adminCtx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
  const admin = await adminCtx.newPage();
  await loginThroughPage(admin, email, "segredo1");
  await expect(admin).not.toHaveURL(/\/login/);
  await expect(admin.getByText(company).first()).toBeVisible();
  await admin.goto("/settings");
  await expect(admin.getByTestId("tab-options")).toBeVisible();
  await expect(admin.getByTestId("tab-companies")).toHaveCount(0);
  // the page must hold its user channel (subscribed, not only authorised) before the suspension publishes on it
  const userChannel = subscribed(admin, /-user-\d+$/);
  await admin.goto("/helps");
  await expect(admin.getByText(`Vídeo ${tag}`)).toBeVisible();
  await userChannel;

  // suspending the company ends that open session: the notice, then /login
  const notice = admin.getByText("Esta empresa está inativa. Entre em contato com o suporte.").first().waitFor({ state: "visible", timeout: 30_000 });
  const found = await (await page.request.get(`/api/companies?searchParam=${encodeURIComponent(company)}`)).json();
  expect((await page.request.put(`/api/companies/${found.companies[0].id}`, { data: { status: false } })).ok()).toBe(true);
  await notice;
  await snap(admin, "super-admin-suspended-notice");
  await admin.waitForURL("**/login");
  await Promise.all([ctx.close(), adminCtx.close()]);
});
