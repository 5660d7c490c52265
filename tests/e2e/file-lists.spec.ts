import path from "node:path";
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db";
import { settings } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// File lists (admin §2.11, issue 15 §2): the name rule ('nome muito curto'), a list created with two
// options, one carrying an uploaded file; reopened, the file's name shows; the file is served back.
// FILE_LISTS_SHOTS=/some/dir keeps screenshots of the page and the dialog.
const SHOTS = process.env.FILE_LISTS_SHOTS;

test("file lists: create a list with an uploaded file, reopen it and see the file", async ({ page }) => {
  test.setTimeout(120_000);
  const t = await createE2eTenant({ plan: { useCampaigns: true } });
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, t.admin.email, t.admin.password);
  const shot = async (name: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `h2-${name}.png`) }));

  await page.goto("/files");
  await expect(page.getByTestId("page-title")).toHaveText("Listas de arquivos");
  await page.getByTestId("add-file-list").click();
  const dialog = page.getByTestId("file-list-dialog");
  await dialog.getByTestId("field-name").fill("ab");
  await dialog.getByTestId("file-list-submit").click();
  await expect(dialog.getByText("nome muito curto")).toBeVisible();
  await expect(dialog.getByText("Obrigatório")).toBeVisible(); // the message

  await dialog.getByTestId("field-name").fill("Catálogo de verão");
  await dialog.getByTestId("field-message").fill("Confira nossos arquivos");
  await dialog.getByTestId("add-option").click();
  await dialog.getByTestId("option-name-0").fill("Tabela de preços");
  await dialog.getByTestId("option-file-input-0").setInputFiles({ name: "precos.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4 preços") });
  await expect(dialog.getByTestId("option-file-name-0")).toHaveText("precos.pdf");
  await dialog.getByTestId("add-option").click();
  await dialog.getByTestId("option-name-1").fill("Só texto");
  await shot("file-list-dialog");
  await dialog.getByTestId("file-list-submit").click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("Lista de arquivos salva com sucesso.", { exact: true })).toBeVisible();
  const row = page.locator('[data-testid^="file-list-row-"]', { hasText: "Catálogo de verão" });
  await expect(row).toBeVisible();
  await shot("files");

  // reopened after a reload: the options and the stored file are there
  await page.reload();
  // a click before the page is interactive opens nothing: click until the dialog opens
  await expect(async () => {
    await row.getByTestId("edit-file-list").click();
    await expect(dialog).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(dialog.getByTestId("option-name-0")).toHaveValue("Tabela de preços");
  await expect(dialog.getByTestId("option-file-name-0")).toHaveText("precos.pdf");
  await expect(dialog.getByTestId("option-name-1")).toHaveValue("Só texto");
  await expect(dialog.getByTestId("option-file-name-1")).toHaveCount(0);

  // the file is kept in the company's storage and served back
  const id = Number((await row.getAttribute("data-testid"))!.replace("file-list-row-", ""));
  const detail = await (await page.request.get(`/api/files/${id}`)).json();
  expect(detail.options[0]).toMatchObject({ name: "Tabela de preços", mediaType: "application/pdf", fileName: "precos.pdf" });
  expect(detail.options[0].path.startsWith(`${t.company.id}/`)).toBe(true);
  const file = await page.request.get(detail.options[0].url);
  expect(file.status()).toBe(200);
  expect((await file.body()).toString()).toBe("%PDF-1.4 preços");

  // delete the list from the row
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await row.getByTestId("delete-file-list").click();
  await page.getByTestId("confirm-dialog").getByRole("button", { name: "Excluir" }).click();
  await expect(row).toHaveCount(0);
  expect((await page.request.get(detail.options[0].url)).status()).toBe(404);
});

// spec admin §2.1 (issue 34 §2.5): /files is an ordinary admin page, not the campaigns': a company
// without campaigns (plan flag and stored flag off) has it in the menu and opens it.
test("file lists: an admin without campaigns has the page and its menu item", async ({ page }) => {
  const t = await createE2eTenant({ plan: { useCampaigns: false } });
  await getDb().update(settings).set({ value: "false" }).where(and(eq(settings.companyId, t.company.id), eq(settings.key, "campaignsEnabled")));
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, t.admin.email, t.admin.password, "/files");
  await expect(page.getByTestId("page-title")).toHaveText("Listas de arquivos");
  await expect(page.getByTestId("add-file-list")).toBeVisible();
  await expect(page.getByTestId("menu-files")).toBeVisible();
  await expect(page.getByTestId("menu-campaigns")).toHaveCount(0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "files-without-campaigns.png") });
});
