import path from "node:path";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { prompts } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// AI prompts (admin §2.12, §5, §8; issue 17 §1): 'Informe o setor' without a queue; a prompt
// created with a queue and a key through the dialog (attached to the queue); reopened, the key
// shows as stored and is kept when left blank; the last failure shows on the row; deleted.
// PROMPTS_SHOTS=/some/dir keeps screenshots (desktop, narrow, dark).
const SHOTS = process.env.PROMPTS_SHOTS;

test("prompts: create with a queue, edit keeping the stored key, see the last failure, delete", async ({ page }) => {
  test.setTimeout(120_000);
  const t = await createE2eTenant({ plan: { useOpenAi: true } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, t.admin.email, t.admin.password);
  const shot = async (name: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `prompts-${name}.png`) }));
  const queue = await (await page.request.post("/api/queue", { data: { name: "Vendas", color: "#0EA5E9" } })).json();

  await page.goto("/prompts");
  await expect(page.getByTestId("page-title")).toHaveText("Prompts");
  await page.getByTestId("add-prompt").click();
  const dialog = page.getByTestId("prompt-dialog");
  await expect(dialog.locator("code", { hasText: "[[ATENDENTE]]" })).toBeVisible(); // the hand-off marker, explained
  await dialog.getByTestId("field-name").fill("Assistente de vendas");
  await dialog.getByTestId("field-prompt").fill("Você é o assistente de vendas. Se pedirem um humano, responda [[ATENDENTE]].");
  await dialog.getByTestId("prompt-submit").click();
  await expect(dialog.getByText("Informe o setor")).toBeVisible();
  await expect(dialog.getByTestId("field-maxTokens")).toHaveValue("100");
  await expect(dialog.getByTestId("temperature-value")).toHaveText("1.0");
  await expect(dialog.getByTestId("field-maxMessages")).toHaveValue("10");

  await dialog.getByTestId("field-queueId").click();
  await page.getByTestId(`queue-option-${queue.id}`).click();
  await expect(dialog.getByText("Informe o setor")).toHaveCount(0);
  await dialog.getByTestId("field-apiKey").fill("sk-e2e-secret-abcd1234");
  await dialog.getByTestId("field-voice").click();
  await page.getByTestId("voice-option-pt-BR-FranciscaNeural").click();
  await dialog.getByTestId("field-voiceRegion").fill("brazilsouth");
  await shot("dialog-new");
  await dialog.getByTestId("prompt-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Prompt salvo com sucesso.", { exact: true })).toBeVisible();
  const row = page.locator('[data-testid^="prompt-row-"]', { hasText: "Assistente de vendas" });
  await expect(row.getByTestId("prompt-queue")).toHaveText("Vendas");
  await expect(row.getByTestId("prompt-max-tokens")).toHaveText("100");
  const id = Number((await row.getAttribute("data-testid"))!.replace("prompt-row-", ""));
  expect((await (await page.request.get(`/api/queue/${queue.id}`)).json()).promptId).toBe(id);
  const saved = await (await page.request.get(`/api/prompt/${id}`)).json();
  expect(saved).toMatchObject({ apiKey: "", apiKeySet: true, apiKeyHint: "••••1234", voice: "pt-BR-FranciscaNeural", voiceRegion: "brazilsouth" });
  expect(JSON.stringify(saved)).not.toContain("sk-e2e-secret");

  // a bot turn failed: the row warns, with the reason
  await getDb().update(prompts).set({ lastError: "OpenAI: rate limited (429)", lastErrorAt: new Date() }).where(eq(prompts.id, id));
  await page.reload();
  await expect(row.getByTestId("prompt-last-error")).toBeVisible();
  await expect(row.getByTestId("prompt-last-error")).toHaveAttribute("aria-label", /OpenAI: rate limited \(429\)/);
  await shot("list");

  // reopened: the key is stored (not filled in); left blank it is kept
  await expect(async () => {
    await row.getByTestId("edit-prompt").click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(dialog.getByTestId("apiKey-stored")).toBeVisible();
  await expect(dialog.getByTestId("field-apiKey")).toHaveValue("");
  await expect(dialog.getByTestId("field-apiKey")).toHaveAttribute("placeholder", /••••1234/);
  await expect(dialog.getByTestId("prompt-dialog-last-error")).toContainText("OpenAI: rate limited (429)");
  await expect(dialog.getByTestId("field-name")).toHaveValue("Assistente de vendas");
  await dialog.getByTestId("field-maxTokens").fill("250");
  await shot("dialog-edit");
  await page.setViewportSize({ width: 390, height: 844 });
  await shot("dialog-edit-narrow");
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByTestId("prompt-submit").click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("prompt-max-tokens")).toHaveText("250");
  await expect(row.getByTestId("prompt-last-error")).toHaveCount(0); // a save clears the last failure
  expect(await (await page.request.get(`/api/prompt/${id}`)).json()).toMatchObject({ maxTokens: 250, apiKeySet: true, apiKeyHint: "••••1234" });

  if (SHOTS) {
    await page.setViewportSize({ width: 390, height: 844 });
    await shot("list-narrow");
    await page.emulateMedia({ colorScheme: "dark" });
    await page.setViewportSize({ width: 1280, height: 800 });
    await shot("list-dark");
    await row.getByTestId("edit-prompt").click();
    await expect(dialog.getByTestId("apiKey-stored")).toBeVisible();
    await shot("dialog-dark");
    await dialog.getByRole("button", { name: "Cancelar" }).click();
    await page.emulateMedia({ colorScheme: "light" });
  }

  // deleted: gone from the list, and the queue lets go of it
  await row.getByTestId("delete-prompt").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(row).toHaveCount(0);
  await expect(page.getByText("Prompt excluído.", { exact: true })).toBeVisible();
  expect((await (await page.request.get(`/api/queue/${queue.id}`)).json()).promptId).toBeNull();
});

test("prompts: a plan without useOpenAi gets the spec's toast and is sent away", async ({ page }) => {
  const t = await createE2eTenant({ plan: { useOpenAi: false } });
  await signIn(page, t.admin.email, t.admin.password, "/prompts");
  await expect(page.getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.").first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/prompts/);
  await expect(page.getByTestId("prompts-table")).toHaveCount(0);
  expect((await page.request.get("/api/prompt")).status()).toBe(403);
});

test("prompts: a prompt saved elsewhere shows, changes and goes live", async ({ page }) => {
  const t = await createE2eTenant({ plan: { useOpenAi: true } });
  await signIn(page, t.admin.email, t.admin.password);
  const queue = await (await page.request.post("/api/queue", { data: { name: "Suporte", color: "#F97316" } })).json();
  await page.goto("/prompts");
  await expect(page.getByTestId("prompts-table")).toBeVisible();
  // the realtime connection may come up after the page: save until the row shows
  let id = 0;
  await expect(async () => {
    if (!id) id = (await (await page.request.post("/api/prompt", { data: { name: "Ao vivo", prompt: "Seja breve.", queueId: queue.id } })).json()).id;
    else await page.request.put(`/api/prompt/${id}`, { data: { name: "Ao vivo" } });
    await expect(page.getByTestId(`prompt-row-${id}`)).toBeVisible({ timeout: 2_000 });
  }).toPass();
  await page.request.put(`/api/prompt/${id}`, { data: { name: "Ao vivo editado", maxTokens: 321 } });
  await expect(page.getByTestId(`prompt-row-${id}`).getByTestId("prompt-max-tokens")).toHaveText("321");
  await expect(page.getByTestId(`prompt-row-${id}`)).toContainText("Ao vivo editado");
  await page.request.delete(`/api/prompt/${id}`);
  await expect(page.getByTestId(`prompt-row-${id}`)).toHaveCount(0);
});
