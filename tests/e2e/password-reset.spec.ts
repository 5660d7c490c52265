import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { expect, loginThroughPage, test } from "./fixtures";

// A forgotten password reset through the demo's sandbox mailbox, as a newcomer does it: the agent
// asks for a code, the super admin reads it on /sandbox/mail, the mail's link opens step 2 filled
// in, and the new password signs in. SHOTS_DIR set: screenshots of both steps and the mailbox.
const AGENT = "agent@example.com";
const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png` } : undefined);

test.afterAll(async () => {
  // the demo agent keeps its documented password for whoever uses the demo next
  await getDb().update(users).set({ passwordHash: await hashPassword("agent123") }).where(eq(users.email, AGENT));
});

test("a forgotten password is reset with the code from the sandbox mailbox", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/forgetpsw");
  const form = page.getByTestId("password-reset");
  await expect(form).toHaveAttribute("data-step", "1");
  if (shot("h2-forgetpsw-step1")) await page.screenshot(shot("h2-forgetpsw-step1"));

  // an unknown email: the spec's 404 message
  await page.getByTestId("reset-email").fill("ninguem@example.com");
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText("Email não encontrado").first()).toBeVisible();
  await expect(form).toHaveAttribute("data-step", "1");

  await page.getByTestId("reset-email").fill(AGENT);
  await page.getByRole("button", { name: "Enviar código" }).click();
  await expect(page.getByText("Email enviado com sucesso!").first()).toBeVisible();
  await expect(form).toHaveAttribute("data-step", "2");
  await expect(page.getByTestId("reset-sandbox-hint")).toBeVisible();

  // the super admin reads the mail in the sandbox mailbox (another browser: a signed-in visitor
  // of /forgetpsw is sent to /)
  const adminContext = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await loginThroughPage(admin, "admin@example.com", "admin123");
  await expect(admin).toHaveURL(/\/tickets/);
  await admin.goto("/sandbox/mail");
  await admin.getByTestId("sandbox-mail-filter").fill(AGENT);
  const mail = admin.getByTestId("sandbox-mail-item").first();
  await expect(mail.getByTestId("sandbox-mail-to")).toHaveText(AGENT);
  await expect(admin.getByTestId("sandbox-mail-item")).toHaveCount(1);
  await expect(mail.getByTestId("sandbox-mail-subject")).toHaveText("Seu código para redefinir a senha");
  const text = await mail.getByTestId("sandbox-mail-text").innerText();
  const code = /^\s*([A-Z0-9]{8})\s*$/m.exec(text)![1];
  const link = await mail.getByRole("link").getAttribute("href");
  expect(link).toContain(`/forgetpsw?email=agent%40example.com&token=${code}`);
  if (shot("h2-sandbox-mail")) await admin.screenshot(shot("h2-sandbox-mail"));
  await adminContext.close();

  // the mail's link opens step 2 with the code filled in (and takes it out of the address bar)
  await page.goto(new URL(link!).pathname + new URL(link!).search);
  await expect(form).toHaveAttribute("data-step", "2");
  await expect(page.getByTestId("reset-token")).toHaveValue(code);
  await expect(page).not.toHaveURL(/token=/);
  await page.getByTestId("reset-password").fill("NovaSenha123");
  await page.getByTestId("reset-confirmPassword").fill("NovaSenha124");
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("As senhas não correspondem")).toBeVisible();
  await page.getByTestId("reset-password").fill("fraca");
  await page.getByTestId("reset-confirmPassword").fill("fraca");
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("Sua senha precisa ter no mínimo 8 caracteres, sendo uma letra maiúscula, uma minúscula e um número.")).toBeVisible();
  await page.getByTestId("reset-password").fill("NovaSenha123");
  await page.getByTestId("reset-confirmPassword").fill("NovaSenha123");
  if (shot("h2-forgetpsw-step2")) await page.screenshot(shot("h2-forgetpsw-step2"));
  await page.getByRole("button", { name: "Redefinir senha" }).click();
  await expect(page.getByText("Senha redefinida com sucesso.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  // the old password no longer signs in; the new one does
  await loginThroughPage(page, AGENT, "agent123");
  await expect(page.getByText("Erro de autenticação. Por favor, tente novamente.").first()).toBeVisible();
  await loginThroughPage(page, AGENT, "NovaSenha123");
  await expect(page).toHaveURL(/\/tickets/);
});
