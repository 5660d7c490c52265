import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import { getDb } from "@/db";
import { campaignShipping, campaigns, contactLists, whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

const TIME_ZONE = "America/Sao_Paulo";
// SHOTS_DIR set: screenshots of the list and the dialogs are saved there
const SHOTS = process.env.SHOTS_DIR;
test.use({ timezoneId: TIME_ZONE, viewport: { width: 1280, height: 800 }, colorScheme: "light" });

// issue 15 §3, admin.md §2.7, §4: a campaign made in the dialog shows in the list with the empty
// values' texts, is edited into a scheduled one, a campaign due within the hour opens read-only,
// and a campaign is deleted.
test("campaigns: create, list, edit, read-only within the hour, delete", async ({ page }) => {
  test.setTimeout(240_000);
  const t = await createE2eTenant();
  const tag = randomBytes(3).toString("hex");
  const db = getDb();
  const [conn] = await db.insert(whatsapps).values({ companyId: t.company.id, name: `Conexão ${tag}`, provider: "sandbox", token: `tok${tag}${tag}${tag}` }).returning();
  const [contactList] = await db.insert(contactLists).values({ companyId: t.company.id, name: `Clientes ${tag}` }).returning();
  const [soon] = await db
    .insert(campaigns)
    .values({
      companyId: t.company.id,
      name: `Em breve ${tag}`,
      message1: "Olá {nome}, a promoção começa já!",
      status: "PROGRAMADA",
      scheduledAt: new Date(Date.now() + 30 * 60_000),
      whatsappId: conn.id,
      contactListId: contactList.id,
    })
    .returning();
  // a running one (nothing left to send): stop is offered, delete is not
  const [running] = await db
    .insert(campaigns)
    .values({ companyId: t.company.id, name: `Rodando ${tag}`, message1: "Oi", status: "EM_ANDAMENTO", scheduledAt: new Date(Date.now() - 60_000), whatsappId: conn.id, contactListId: contactList.id })
    .returning();
  // one recipient not yet due (due_at null): the dispatcher neither sends it nor finishes the campaign
  await db.insert(campaignShipping).values({ companyId: t.company.id, campaignId: running.id, number: `5511${String(Date.now()).slice(-9)}`, name: "Cliente", status: "pending" });

  await signIn(page, t.admin.email, t.admin.password);
  await page.evaluate(() => localStorage.setItem("preferredTheme", "light"));
  await page.goto("/campaigns");
  await expect(page.getByTestId("campaigns-table")).toBeVisible({ timeout: 20_000 });

  // the dialog's rules: name, and at least message 1
  await page.getByTestId("add-campaign").click();
  const dialog = page.getByTestId("campaign-dialog");
  await expect(dialog.getByTestId("campaign-dialog-title")).toHaveText("Nova Campanha");
  await dialog.getByTestId("campaign-submit").click();
  await expect(dialog.getByText("Obrigatório")).toBeVisible();
  await expect(dialog.getByText("Escreva ao menos a mensagem 1.")).toBeVisible();
  const name = `Boas-vindas ${tag}`;
  await dialog.getByTestId("field-name").fill(name);
  await dialog.getByTestId("field-message1").fill("Olá ");
  await dialog.getByTestId("campaign-variables").getByRole("button", { name: "{nome}" }).click();
  await expect(dialog.getByTestId("field-message1")).toHaveValue("Olá {nome}");
  await dialog.getByTestId("message-tab-2").click();
  await dialog.getByTestId("field-message2").fill("Oi {nome}, tudo bem?");
  await dialog.getByTestId("campaign-submit").click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(page.getByText("Operação realizada com sucesso!").first()).toBeVisible();

  // in the list with the empty values' texts (admin §2.7)
  const row = page.locator('[data-testid^="campaign-row-"]').filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByTestId("campaign-status")).toHaveText("Inativa");
  await expect(row.getByTestId("campaign-contact-list")).toHaveText("Não definida");
  await expect(row.getByTestId("campaign-whatsapp")).toHaveText("Não definido");
  await expect(row.getByTestId("campaign-scheduled-at")).toHaveText("Sem agendamento");
  await expect(row.getByTestId("campaign-completed-at")).toHaveText("Não concluída");
  await expect(row.getByTestId("campaign-confirmation")).toHaveText("Desabilitada");
  await page.mouse.move(0, 0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/h3-campaigns-list.png` });

  // edit: connection, contact list and a time tomorrow make it Programada
  await row.getByTestId("edit-campaign").click();
  await expect(dialog.getByTestId("campaign-dialog-title")).toHaveText("Editar Campanha");
  await expect(dialog.getByTestId("field-message1")).toHaveValue("Olá {nome}");
  await dialog.getByTestId("field-whatsappId").click();
  await page.getByRole("option", { name: conn.name }).click();
  await dialog.getByTestId("field-contactListId").click();
  await page.getByRole("option", { name: contactList.name }).click();
  const when = new Date(Date.now() + 86400_000);
  when.setSeconds(0, 0);
  await dialog.getByTestId("field-scheduledAt").fill(formatInTimeZone(when, TIME_ZONE, "yyyy-MM-dd'T'HH:mm"));
  await dialog.getByTestId("field-confirmation").click();
  await dialog.getByTestId("field-confirmationMessage1").fill("Podemos enviar novidades, {nome}?");
  await page.mouse.move(0, 0);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/h3-campaign-dialog.png` });
  await dialog.getByTestId("campaign-submit").click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });
  await expect(row.getByTestId("campaign-status")).toHaveText("Programada");
  await expect(row.getByTestId("campaign-whatsapp")).toHaveText(conn.name);
  await expect(row.getByTestId("campaign-contact-list")).toHaveText(contactList.name);
  await expect(row.getByTestId("campaign-scheduled-at")).toHaveText(formatInTimeZone(when, TIME_ZONE, "dd/MM/yyyy HH:mm"));
  await expect(row.getByTestId("campaign-confirmation")).toHaveText("Habilitada");

  // scheduled within the hour: read-only (admin §4)
  const soonRow = page.getByTestId(`campaign-row-${soon.id}`);
  await soonRow.getByTestId("edit-campaign").click();
  await expect(dialog.getByTestId("campaign-dialog-title")).toHaveText("Campanha - Somente Leitura");
  await expect(dialog.getByTestId("field-name")).toBeDisabled();
  await expect(dialog.getByTestId("field-name")).toHaveValue(soon.name);
  await expect(dialog.getByTestId("campaign-submit")).toHaveCount(0);
  // the variants can still be looked through, not changed
  await expect(dialog.getByTestId("field-message1")).toHaveAttribute("readonly", "");
  await dialog.getByTestId("message-tab-2").click();
  await expect(dialog.getByTestId("field-message2")).toBeVisible();
  await dialog.getByTestId("message-tab-1").click();
  await page.mouse.move(0, 0);
  if (SHOTS) await dialog.screenshot({ path: `${SHOTS}/h3-campaign-dialog-readonly.png` });
  await dialog.getByTestId("campaign-close").click();
  await expect(dialog).toBeHidden();

  // stop a running campaign (the dispatcher's cancel), then restart it (admin §4's shown transitions)
  const runningRow = page.getByTestId(`campaign-row-${running.id}`);
  await expect(runningRow.getByTestId("campaign-status")).toHaveText("Em Andamento");
  await expect(runningRow.getByTestId("delete-campaign")).toHaveCount(0);
  await expect(runningRow.getByTestId("restart-campaign")).toHaveCount(0);
  await runningRow.getByTestId("stop-campaign").click();
  await page.getByTestId("confirm-stop").getByTestId("confirm-button").click();
  await expect(runningRow.getByTestId("campaign-status")).toHaveText("Cancelada");
  await expect(page.getByText("Campanha cancelada").first()).toBeVisible();
  await expect(runningRow.getByTestId("stop-campaign")).toHaveCount(0);
  await runningRow.getByTestId("restart-campaign").click();
  await expect(page.getByText("Campanha reiniciada").first()).toBeVisible();
  await expect(runningRow.getByTestId("campaign-status")).not.toHaveText("Cancelada");
  await expect(runningRow.getByTestId("open-campaign-report")).toHaveAttribute("href", `/campaign/${running.id}/report`);

  // delete, after the confirmation
  await row.getByTestId("delete-campaign").click();
  await page.getByTestId("confirm-dialog").getByTestId("confirm-button").click();
  await expect(row).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId(`campaign-row-${soon.id}`)).toBeVisible({ timeout: 20_000 });
  await expect(page.locator('[data-testid^="campaign-row-"]').filter({ hasText: name })).toHaveCount(0);
});

// issue 34 §2.3: a confirmation campaign whose requests all went out reads Finalizada, yet answers
// are still awaited (each one still sends the message): the list and the report say how many.
test("campaigns: a finished confirmation campaign says the confirmations still awaited", async ({ page }) => {
  const t = await createE2eTenant();
  const tag = randomBytes(3).toString("hex");
  const db = getDb();
  const [c] = await db
    .insert(campaigns)
    .values({ companyId: t.company.id, name: `Confirma ${tag}`, message1: "Oferta", confirmation: true, confirmationMessage1: "Podemos?", status: "FINALIZADA", completedAt: new Date() })
    .returning();
  const recipient = (n: number, status: string) => ({
    companyId: t.company.id,
    campaignId: c.id,
    number: `55319${String(Date.now()).slice(-6)}${n}`,
    status,
    confirmation: true,
    confirmationRequestedAt: new Date(),
    confirmedAt: status === "delivered" ? new Date() : null,
  });
  await db.insert(campaignShipping).values([recipient(1, "confirming"), recipient(2, "confirming"), recipient(3, "delivered")]);

  await signIn(page, t.admin.email, t.admin.password, "/campaigns");
  const row = page.getByTestId(`campaign-row-${c.id}`);
  await expect(row.getByTestId("campaign-status")).toHaveText("Finalizada");
  await expect(row.getByTestId("campaign-status-detail")).toHaveText("Aguardando 2 confirmações");
  await page.mouse.move(0, 0);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/campaigns-awaiting.png` });

  await row.getByTestId("open-campaign-report").click();
  await expect(page.getByTestId("campaign-report-awaiting")).toHaveText("Aguardando 2 confirmações");
  await expect(page.getByTestId("campaign-report-confirmationRequested-value")).toHaveText("3");
  await expect(page.getByTestId("campaign-report-confirmationRequested-note")).toHaveText("2 aguardando resposta");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/campaign-report-awaiting.png` });
});
