import { randomBytes } from "node:crypto";
import { expect, loginThroughPage, test } from "./fixtures";

// Sign up a new company, log in, land on /tickets, see the shell with what the plan allows.
test("a new company signs up for a trial and its admin lands in the shell", async ({ page }) => {
  const tag = randomBytes(4).toString("hex");
  const email = `signup-${tag}@e2e.test`;
  await page.goto("/signup");
  const form = page.getByTestId("signup-form");
  await form.locator('input[autocomplete="organization"]').fill(`Loja ${tag}`);
  await form.locator('input[type="email"]').fill(email);
  await form.locator('input[autocomplete="tel"]').fill("(11) 98765-4321");
  await expect(form.locator('input[autocomplete="tel"]')).toHaveValue("11987654321");
  await form.locator('input[type="password"]').fill("segredo1");
  await page.getByTestId("plan-select").click();
  await page.getByRole("option", { name: /Básico/ }).click();
  await form.getByRole("button", { name: "Iniciar Teste" }).click();
  await expect(page.getByText("Cadastro realizado com sucesso!").first()).toBeVisible();
  await page.waitForURL("**/login");

  await loginThroughPage(page, email, "segredo1");
  await page.waitForURL("**/tickets");
  await expect(page.getByTestId("greeting")).toContainText(`Loja ${tag}`);
  // a 3-day trial: admins see "Ativo até" and the fewer-than-5-days warning
  await expect(page.getByTestId("active-until")).toBeVisible();
  await expect(page.getByText(/Sua assinatura vence em 3 dias/).first()).toBeVisible();
  // Básico has no kanban, OpenAI, integrations or external API; schedules and chat are on
  const drawer = page.getByTestId("side-drawer");
  await expect(drawer.getByTestId("menu-tickets")).toBeVisible();
  await expect(drawer.getByTestId("menu-schedules")).toBeVisible();
  await expect(drawer.getByTestId("menu-connections")).toBeVisible();
  await expect(drawer.getByTestId("menu-kanban")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-prompts")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-queueIntegration")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-messagesApi")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-announcements")).toHaveCount(0);
  // spec: the campaigns group shows with the plan flag or the stored flag (set at sign-up)
  await expect(drawer.getByTestId("menu-campaigns")).toBeVisible();
  await expect(page.getByTestId("version-label")).toContainText("6.0.0");
});

test("sign-up validation speaks the spec's messages", async ({ page }) => {
  await page.goto("/signup");
  const form = page.getByTestId("signup-form");
  await form.locator('input[autocomplete="tel"]').fill("123456789");
  await form.getByRole("button", { name: "Iniciar Teste" }).click();
  const messages = form.locator('[data-slot="form-message"]');
  await expect(messages.filter({ hasText: "O número de telefone deve ter 10 ou 11 dígitos" })).toBeVisible();
  await expect(messages.filter({ hasText: "Selecione um plano" })).toBeVisible();
  await expect(messages.filter({ hasText: "E-mail inválido" }).or(messages.filter({ hasText: "Obrigatório" })).first()).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});
