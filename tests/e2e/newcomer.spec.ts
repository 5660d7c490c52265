import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { companies } from "@/db/schema";
import { lastActiveDay } from "@/lib/companies/due-date";
import { addDaysToDate, formatDayBr, todayIn } from "@/lib/dates/today";
import { fillAddress } from "./checkout-steps";
import { expect, loginThroughPage, test } from "./fixtures";
import { signIn } from "./sign-in";

// Issue 13's "done when", in the demo as a newcomer tries it: the super admin makes a plan and a
// company (the Settings tabs have their own spec, super-admin.spec.ts; here through the same API
// they call), the company's admin signs in, follows "Ativo até" to /subscription, pays the invoice
// through the sandbox payer and sees the due date move; then forgets the password and resets it
// with the code the sandbox mailbox shows the super admin.
test.use({ viewport: { width: 1366, height: 900 } });

test("a new company's admin pays through the sandbox and resets a forgotten password through the sandbox mailbox", async ({ browser }) => {
  // sign-up, checkout, payment, a second browser and the mailbox: 61-66 s on a 2-core machine, where
  // it ran out of the default minute twice (serial and two workers), like the other long multi-step tests
  test.setTimeout(120_000);
  const tag = randomBytes(3).toString("hex");
  const email = `novo-${tag}@e2e.test`;
  const owner = await (await browser.newContext()).newPage();
  await signIn(owner, "admin@example.com", "admin123");
  const plan = await owner.request.post("/api/plans", { data: { name: `Essencial ${tag}`, users: 3, connections: 1, queues: 3, value: "59,90" } });
  expect(plan.ok()).toBe(true);
  const dueDate = addDaysToDate(todayIn("America/Sao_Paulo"), 7);
  const made = await owner.request.post("/api/companies", {
    data: { name: `Padaria ${tag}`, email, password: "segredo1", planId: (await plan.json()).id, dueDate },
  });
  expect(made.ok()).toBe(true);
  const companyId: number = (await made.json()).id;

  // the company's admin: "Ativo até" leads to /subscription
  const page = await (await browser.newContext()).newPage();
  await signIn(page, email, "segredo1");
  await page.getByTestId("active-until").click();
  await expect(page).toHaveURL(/\/subscription$/);
  await expect(page.getByTestId("subscription-plan")).toContainText(`Essencial ${tag}`);
  await page.getByTestId("subscribe").click();
  const dialog = page.getByTestId("checkout-dialog");
  await fillAddress(page);
  await dialog.getByTestId(`plan-card-${(await plan.json()).id}`).getByTestId("plan-select").click();
  await expect(dialog.getByTestId("review-total")).toHaveText(/R\$\s59,90/);
  await dialog.getByTestId("checkout-pay").click();
  await expect(dialog.getByTestId("pix-amount")).toHaveText(/R\$\s59,90/);
  await dialog.getByTestId("pix-sandbox-pay").click();
  await expect(dialog.getByTestId("checkout-paid")).toBeVisible();

  // a month more, counted from the due date (still ahead)
  const [after] = await getDb().select({ dueDate: companies.dueDate }).from(companies).where(eq(companies.id, companyId));
  expect(after.dueDate! > dueDate).toBe(true);
  const until = formatDayBr(lastActiveDay(after.dueDate!));
  await expect(dialog.getByTestId("paid-until")).toHaveText(until);
  await page.waitForURL((url) => url.pathname === "/");
  await expect(page.getByTestId("active-until")).toContainText(until);
  await page.goto("/financeiro");
  await expect(page.getByTestId("invoice-status").first()).toHaveText("Pago");
  await page.context().close();

  // the forgotten password: a code by mail, read in the sandbox mailbox, then the new password
  const visitor = await (await browser.newContext()).newPage();
  await visitor.goto("/forgetpsw");
  await visitor.getByTestId("reset-email").fill(email);
  await visitor.getByRole("button", { name: "Enviar código" }).click();
  await expect(visitor.getByText("Email enviado com sucesso!").first()).toBeVisible();
  const box = await (await owner.request.get(`/api/sandbox/mail?to=${encodeURIComponent(email)}`)).json();
  const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(box.messages[0].text)![1];
  await visitor.getByTestId("reset-token").fill(code);
  await visitor.getByTestId("reset-password").fill("Padaria2026");
  await visitor.getByTestId("reset-confirmPassword").fill("Padaria2026");
  await visitor.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(visitor.getByText("Senha redefinida com sucesso.").first()).toBeVisible();
  await loginThroughPage(visitor, email, "Padaria2026");
  await expect(visitor).toHaveURL(/\/tickets/);
});
