import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { queueIntegrations } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Queue integrations (admin §2.13, §5, §9; issue 17 §2): an admin adds one integration of each type
// through the dialog with the spec's rules (URL and slug required, projectName = name, typebot
// defaults, the Dialogflow JSON checked and kept when left empty), tests Dialogflow, edits, deletes.
// QUEUE_INTEGRATIONS_SHOTS=/some/dir keeps screenshots of the page and the dialogs.
const SHOTS = process.env.QUEUE_INTEGRATIONS_SHOTS;
const SERVICE_ACCOUNT = JSON.stringify({ type: "service_account", project_id: "agente-e2e", client_email: "bot@agente-e2e.iam.gserviceaccount.com", private_key: "not a key" });

test("queue integrations: one of each type through the dialog, a Dialogflow test, edit and delete", async ({ page }) => {
  test.setTimeout(180_000);
  const t = await createE2eTenant({ plan: { useIntegrations: true } });
  await page.setViewportSize({ width: 1280, height: 860 });
  await signIn(page, t.admin.email, t.admin.password);
  const shot = async (name: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `qi-${name}.png`) }));

  await page.goto("/queue-integration");
  await expect(page.getByTestId("page-title")).toHaveText("Integrações");
  const dialog = page.getByTestId("integration-dialog");
  const open = async () => {
    await expect(async () => {
      await page.getByTestId("add-integration").click();
      await expect(dialog).toBeVisible({ timeout: 1_000 });
    }).toPass();
  };
  const pickType = async (type: string) => {
    await dialog.getByTestId("field-type").click();
    await page.getByTestId(`type-option-${type}`).click();
  };
  const save = async () => {
    await dialog.getByTestId("integration-submit").click();
    await expect(dialog).toBeHidden();
  };
  const row = (name: string) => page.locator('[data-testid^="integration-row-"]', { hasText: name });

  // typebot (the default type): name, URL and slug required; the URL must be http(s); defaults 1 and 1000
  await open();
  await expect(dialog.getByTestId("field-typebotExpires")).toHaveValue("1");
  await expect(dialog.getByTestId("field-typebotDelayMessage")).toHaveValue("1000");
  await dialog.getByTestId("integration-submit").click();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(3);
  await dialog.getByTestId("field-name").fill("Funil de vendas");
  await dialog.getByTestId("field-urlN8N").fill("ftp://typebot.example.com");
  await dialog.getByTestId("field-typebotSlug").fill("funil-vendas");
  await dialog.getByTestId("field-typebotKeywordFinish").fill("sair");
  await dialog.getByTestId("integration-submit").click();
  await expect(dialog.getByText("Informe uma URL http(s) válida")).toBeVisible();
  await dialog.getByTestId("field-urlN8N").fill("https://typebot.example.com");
  await shot("dialog-typebot");
  await save();
  await expect(page.getByText("Operação realizada com sucesso!", { exact: true }).first()).toBeVisible();
  await expect(row("Funil de vendas").getByTestId("logo-typebot")).toBeVisible();

  // webhook and n8n: the URL
  for (const [type, name, url] of [
    ["webhook", "Meu webhook", "https://hooks.example.com/atendimento"],
    ["n8n", "Fluxo n8n", "https://n8n.example.com/webhook/abc"],
  ] as const) {
    await open();
    await pickType(type);
    await expect(dialog.getByTestId("field-typebotSlug")).toHaveCount(0);
    await dialog.getByTestId("field-name").fill(name);
    await dialog.getByTestId("field-urlN8N").fill(url);
    await save();
    await expect(row(name).getByTestId(`logo-${type}`)).toBeVisible();
  }

  // dialogflow: project, language, the JSON checked; the test answers why it failed
  await open();
  await pickType("dialogflow");
  await dialog.getByTestId("field-name").fill("Agente Dialogflow");
  await dialog.getByTestId("field-projectName").fill("agente-e2e");
  await dialog.getByTestId("field-language").click();
  await page.getByTestId("language-option-es").click();
  await dialog.getByTestId("field-jsonContent").fill("{ nope");
  await dialog.getByTestId("integration-submit").click();
  await expect(dialog.getByText("JSON inválido")).toBeVisible();
  await dialog.getByTestId("field-jsonContent").fill(SERVICE_ACCOUNT);
  await dialog.getByTestId("dialogflow-test-button").click();
  await expect(dialog.getByTestId("dialogflow-test-result")).toContainText("Falhou: Dialogflow: the service account's private_key is not a valid RSA private key");
  await shot("dialog-dialogflow");
  await save();
  await expect(row("Agente Dialogflow").getByTestId("logo-dialogflow")).toBeVisible();
  await shot("page");

  // the API never answers the JSON; projectName follows the name for the URL types
  const listed = await (await page.request.get("/api/queueIntegration")).json();
  expect(listed.count).toBe(4);
  const df = listed.queueIntegrations.find((r: { name: string }) => r.name === "Agente Dialogflow");
  const detail = await (await page.request.get(`/api/queueIntegration/${df.id}`)).json();
  expect(detail).toMatchObject({ jsonContent: "", jsonSet: true, clientEmail: "bot@agente-e2e.iam.gserviceaccount.com", language: "es" });
  const hook = listed.queueIntegrations.find((r: { name: string }) => r.name === "Meu webhook");
  expect(hook.projectName).toBe("Meu webhook");

  // edit the Dialogflow one: the stored JSON is kept when the field stays empty
  await row("Agente Dialogflow").getByTestId("edit-integration").click();
  await expect(dialog.getByTestId("field-projectName")).toHaveValue("agente-e2e");
  await expect(dialog.getByTestId("field-jsonContent")).toHaveValue("");
  await expect(dialog.getByText("bot@agente-e2e.iam.gserviceaccount.com", { exact: false })).toBeVisible();
  await dialog.getByTestId("field-name").fill("Agente editado");
  await save();
  await expect(row("Agente editado")).toBeVisible();
  expect((await (await page.request.get(`/api/queueIntegration/${df.id}`)).json()).jsonSet).toBe(true);

  // delete the webhook
  await row("Meu webhook").getByTestId("delete-integration").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(row("Meu webhook")).toHaveCount(0);
  await expect(page.getByText("Integração excluída com sucesso.", { exact: true })).toBeVisible();
  expect((await (await page.request.get("/api/queueIntegration")).json()).count).toBe(3);

  if (!SHOTS) return;
  // screenshots only: a last error on a row, the page and a dialog narrow and dark
  await getDb().update(queueIntegrations).set({ lastError: "Typebot startChat answered 404: Typebot not found", lastErrorAt: new Date() }).where(and(eq(queueIntegrations.companyId, t.company.id), eq(queueIntegrations.name, "Funil de vendas")));
  await page.reload();
  await row("Funil de vendas").getByTestId(/integration-error-/).hover();
  await shot("page-error");
  await page.setViewportSize({ width: 390, height: 800 });
  await shot("narrow");
  await open();
  await shot("narrow-dialog");
  await page.keyboard.press("Escape");
  await page.evaluate(() => localStorage.setItem("preferredTheme", "dark"));
  await page.setViewportSize({ width: 1280, height: 860 });
  await page.reload();
  await shot("dark");
  await row("Agente editado").getByTestId("edit-integration").click();
  await expect(dialog.getByTestId("field-projectName")).toHaveValue("agente-e2e");
  await shot("dark-dialog");
});
