import { readFile } from "node:fs/promises";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// The contacts page (spec core §2 Contacts page, §5 Contact; issue 5 part 8): add a contact in the
// modal, import 100 contacts from a CSV file, see them listed, export them all to contatos.csv.
const ADDED = { name: "Ana Adicionada", typed: "+55 (31) 98765-0000", number: "5531987650000", email: "ana@exemplo.com" };

/**
 * 100 contacts as a person's spreadsheet would hold them: a Portuguese header, `;`-separated.
 * One of them is the contact added in the modal (same number, new email), so the import creates
 * 99 and updates 1, and the company ends with 100 contacts.
 */
function contactsCsv(): string {
  const rows = Array.from({ length: 99 }, (_, i) => {
    const n = String(i + 1).padStart(3, "0");
    return `Contato Importado ${n};+55 11 9${String(8000_0000 + i + 1)};importado${n}@exemplo.com`;
  });
  rows.push(`${ADDED.name};${ADDED.typed};ana.nova@exemplo.com`);
  return ["Nome;Número;Email", ...rows].join("\r\n");
}

test("add a contact, import 100 from a CSV file, see them listed and export them", async ({ page }) => {
  const t = await createE2eTenant();
  await signIn(page, t.admin.email, t.admin.password, "/contacts");
  await expect(page.getByTestId("page-title")).toHaveText("Contatos");
  await expect(page.getByTestId("contacts-empty")).toBeVisible();
  const rows = page.locator('[data-testid^="contact-row-"]');

  // add: the spec's messages first, then a valid contact
  await page.getByTestId("contacts-add").click();
  const dialog = page.getByTestId("contact-dialog");
  await dialog.getByTestId("contact-submit").click();
  await expect(dialog.getByText("Required", { exact: true }).first()).toBeVisible();
  await dialog.getByTestId("contact-name").fill("A");
  await dialog.getByTestId("contact-number").fill("1234");
  await dialog.getByTestId("contact-email").fill("ana@");
  await dialog.getByTestId("contact-submit").click();
  await expect(dialog.getByText("Too Short!").first()).toBeVisible();
  await expect(dialog.getByText("Invalid email")).toBeVisible();

  await dialog.getByTestId("contact-name").fill(ADDED.name);
  await dialog.getByTestId("contact-number").fill(ADDED.typed);
  await dialog.getByTestId("contact-email").fill(ADDED.email);
  await dialog.getByTestId("add-extra-info").click();
  await dialog.getByTestId("extra-name-0").fill("Cidade");
  await dialog.getByTestId("extra-value-0").fill("Belo Horizonte");
  await dialog.getByTestId("contact-submit").click();
  await expect(page.getByText("Contato salvo com sucesso.").first()).toBeVisible();
  await expect(dialog).toBeHidden();
  const added = rows.filter({ hasText: ADDED.name });
  await expect(added).toHaveCount(1);
  await expect(added).toContainText("+55 (31) 98765-0000");
  await expect(added).toContainText(ADDED.email);

  // the same number again is refused with the spec's error
  await page.getByTestId("contacts-add").click();
  await dialog.getByTestId("contact-name").fill("Outra Ana");
  await dialog.getByTestId("contact-number").fill(ADDED.number);
  await dialog.getByTestId("contact-submit").click();
  await expect(dialog.getByText("Já existe um contato com este número.").first()).toBeVisible();
  // (Escape would first close the error toast, the topmost layer)
  await dialog.getByRole("button", { name: "Cancelar" }).click();
  await expect(dialog).toBeHidden();

  // import: the file picker takes the CSV; the summary says what happened
  await page.getByTestId("contacts-import-input").setInputFiles({ name: "contatos.csv", mimeType: "text/csv", buffer: Buffer.from(contactsCsv(), "utf-8") });
  const summary = page.getByTestId("import-summary");
  await expect(summary).toBeVisible({ timeout: 30_000 });
  await expect(summary.getByTestId("import-created")).toHaveText("99");
  await expect(summary.getByTestId("import-updated")).toHaveText("1");
  await expect(summary.getByTestId("import-refused")).toHaveText("0");
  await expect(summary.getByTestId("import-total")).toHaveText("100");
  await page.getByTestId("import-close").click();
  await expect(page.getByTestId("import-dialog")).toBeHidden();

  // listed: 30 a page, the rest as the list scrolls (100 px from the bottom)
  await expect(rows).toHaveCount(30);
  await expect(async () => {
    await rows.last().scrollIntoViewIfNeeded();
    expect(await rows.count()).toBe(100);
  }).toPass({ timeout: 30_000 });
  await expect(added).toContainText("ana.nova@exemplo.com");
  await expect(rows.filter({ hasText: "Contato Importado 042" })).toContainText("importado042@exemplo.com");

  // search narrows the list (lowercased, debounced)
  await page.getByTestId("contacts-search").fill("IMPORTADO 05");
  await expect(rows).toHaveCount(10);
  await page.getByTestId("contacts-search").fill("");
  await expect(rows).toHaveCount(30);

  // export: contatos.csv built on the server, header + every contact
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("contacts-export").click()]);
  expect(download.suggestedFilename()).toBe("contatos.csv");
  const bytes = await readFile((await download.path())!);
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  const lines = bytes.toString("utf-8").replace(/^\uFEFF/, "").split(/\r?\n/).filter((l) => l !== "");
  expect(lines).toHaveLength(101);
  expect(lines[0]).toBe("name;number;email");
  expect(lines).toContain(`${ADDED.name};${ADDED.number};ana.nova@exemplo.com`);
  expect(lines).toContain("Contato Importado 001;5511980000001;importado001@exemplo.com");
});

test("an agent sees no delete button; an admin deletes a contact after confirming", async ({ browser }) => {
  const t = await createE2eTenant();
  const agentCtx = await browser.newContext();
  const agent = await agentCtx.newPage();
  await signIn(agent, t.agent.email, t.agent.password, "/contacts");
  await agent.getByTestId("contacts-add").click();
  await agent.getByTestId("contact-name").fill("Bruno Temporário");
  await agent.getByTestId("contact-number").fill("5521999990000");
  await agent.getByTestId("contact-submit").click();
  const agentRow = agent.locator('[data-testid^="contact-row-"]', { hasText: "Bruno Temporário" });
  await expect(agentRow).toBeVisible();
  await expect(agentRow.getByTestId("contact-edit")).toBeVisible();
  await expect(agentRow.getByTestId("contact-delete")).toHaveCount(0);

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signIn(admin, t.admin.email, t.admin.password, "/contacts");
  const adminRow = admin.locator('[data-testid^="contact-row-"]', { hasText: "Bruno Temporário" });
  await adminRow.getByTestId("contact-delete").click();
  await expect(admin.getByTestId("contact-delete-dialog")).toContainText("Bruno Temporário");
  await admin.getByTestId("contact-delete-dialog").getByTestId("confirm-button").click();
  await expect(admin.getByText("Contato excluído com sucesso!").first()).toBeVisible();
  await expect(adminRow).toHaveCount(0);
  // the agent's list follows live
  await expect(agentRow).toHaveCount(0);
  await Promise.all([agentCtx.close(), adminCtx.close()]);
});
