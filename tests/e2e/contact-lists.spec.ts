import path from "node:path";
import ExcelJS from "exceljs";
import { getDb } from "@/db";
import { contactListItems, contactLists, whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Contact lists (admin §2.7, issue 15 §1): create a list, add a contact, import a small .xlsx, read
// the summary, and watch the WhatsApp validity icons and the check's progress line turn live as the
// worker checks the numbers through the sandbox (numbers ending in 0000 are not on WhatsApp there).
// CONTACT_LISTS_SHOTS=/some/dir keeps screenshots of the two pages and the summary.
const SHOTS = process.env.CONTACT_LISTS_SHOTS;

async function spreadsheet() {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet("Contatos");
  ws.addRow(["Nome", "Número", "E-mail"]);
  ws.addRow(["Ana Maria", "5531999990001", "ana.maria@exemplo.com"]); // already added: updated
  ws.addRow(["Bia Souza", 5531999990002, ""]);
  ws.addRow(["Caio Lima", "+55 (31) 99999-0000", "caio@exemplo.com"]); // not on WhatsApp
  ws.addRow(["Número ruim", "123", ""]); // refused
  return Buffer.from(await wb.xlsx.writeBuffer());
}

test("contact lists: create, add, import an .xlsx, see the summary and the validity turn live", async ({ page }) => {
  test.setTimeout(120_000);
  const t = await createE2eTenant({ plan: { useCampaigns: true } });
  const [conn] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.company.id, name: "Sandbox Listas", provider: "sandbox", isDefault: true, sessionRequest: "start", sessionRequestedAt: new Date() })
    .returning();
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, t.admin.email, t.admin.password);
  const shot = async (name: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `h1-${name}.png`) }));

  // pair the sandbox connection (the worker checks numbers only on a connected connection)
  await page.goto(`/sandbox/${conn.id}`);
  await expect(page.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
  await page.getByTestId("sandbox-scan").click();
  await expect(page.getByTestId("sandbox-status")).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });

  // the lists page: add a list (the name is required, 2-50)
  await page.goto("/contact-lists");
  await expect(page.getByTestId("page-title")).toHaveText("Listas de Contatos");
  await page.getByTestId("add-contact-list").click();
  const listDialog = page.getByTestId("contact-list-dialog");
  await listDialog.getByTestId("contact-list-submit").click();
  await expect(listDialog.getByText("Obrigatório")).toBeVisible();
  await listDialog.getByTestId("field-name").fill("Clientes de novembro");
  await listDialog.getByTestId("contact-list-submit").click();
  await expect(listDialog).toBeHidden();
  const listRow = page.locator('[data-testid^="contact-list-row-"]', { hasText: "Clientes de novembro" });
  await expect(listRow.getByTestId("contact-list-count")).toHaveText("0");
  await expect(listRow.getByTestId("download-example")).toHaveAttribute("href", "/api/contact-lists/example");

  // its contacts: add one (the spec's messages first)
  await listRow.getByTestId("open-contact-list").click();
  await page.waitForURL("**/contact-lists/*/contacts");
  await expect(page.getByTestId("page-title")).toHaveText("Contatos da lista Clientes de novembro");
  await page.getByTestId("add-contact-list-item").click();
  const itemDialog = page.getByTestId("contact-list-item-dialog");
  await itemDialog.getByTestId("field-name").fill("A");
  await itemDialog.getByTestId("field-number").fill("123");
  await itemDialog.getByTestId("field-email").fill("ana@");
  await itemDialog.getByTestId("contact-list-item-submit").click();
  await expect(itemDialog.getByText("Too Short!").first()).toBeVisible();
  await expect(itemDialog.getByText("Invalid email")).toBeVisible();
  await itemDialog.getByTestId("field-name").fill("Ana");
  await itemDialog.getByTestId("field-number").fill("+55 (31) 99999-0001");
  await itemDialog.getByTestId("field-email").fill("ana@exemplo.com");
  await itemDialog.getByTestId("contact-list-item-submit").click();
  await expect(itemDialog).toBeHidden();
  const rows = page.locator('[data-testid^="item-row-"]');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("+55 (31) 99999-0001");

  // import: the confirmation with the example link, then the file, then the summary
  await page.getByTestId("items-import").click();
  const importDialog = page.getByTestId("import-dialog");
  await expect(importDialog.getByTestId("import-example-link")).toHaveAttribute("href", "/api/contact-lists/example");
  const example = await page.request.get("/api/contact-lists/example");
  expect(example.headers()["content-type"]).toContain("spreadsheetml");
  await page.getByTestId("items-import-input").setInputFiles({ name: "contatos.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: await spreadsheet() });
  await expect(importDialog.getByTestId("import-summary")).toBeVisible({ timeout: 20_000 });
  await expect(importDialog.getByTestId("import-created")).toHaveText("2");
  await expect(importDialog.getByTestId("import-updated")).toHaveText("1");
  await expect(importDialog.getByTestId("import-refused")).toHaveText("1");
  await expect(importDialog.getByTestId("import-total")).toHaveText("4");
  await expect(importDialog.getByTestId("import-refused-list")).toContainText("5");
  await shot("import-summary");
  await importDialog.getByTestId("import-close").click();

  // the items, and their WhatsApp validity turning live (no reload)
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: "Ana Maria" })).toContainText("ana.maria@exemplo.com");
  const state = (name: string) => rows.filter({ hasText: name }).getByTestId("item-validity");
  await expect(state("Ana Maria")).toHaveAttribute("data-state", "valid", { timeout: 30_000 });
  await expect(state("Bia Souza")).toHaveAttribute("data-state", "valid", { timeout: 30_000 });
  await expect(state("Caio Lima")).toHaveAttribute("data-state", "invalid", { timeout: 30_000 });
  // the check's progress followed (the sandbox asks at every tick: counts, no countdown)
  await expect(page.getByTestId("check-progress")).toHaveText("3 de 3 verificados no WhatsApp", { timeout: 15_000 });
  await page.mouse.move(0, 0);
  await shot("items");

  // back to the lists: the count followed
  await page.getByTestId("items-back").click();
  await page.waitForURL("**/contact-lists");
  await expect(listRow.getByTestId("contact-list-count")).toHaveText("3");
  await shot("lists");
});

// spec admin §2.7 (issue 34 §2.4): green valid, grey invalid (never red); not checked yet is grey too,
// told apart by its icon and dashed ring. Colours read as the screen shows them (a pixel of each).
test("contact lists: the WhatsApp validity icons are green, grey, and grey with a dashed ring", async ({ page }) => {
  const t = await createE2eTenant({ plan: { useCampaigns: true } });
  const db = getDb();
  const [list] = await db.insert(contactLists).values({ companyId: t.company.id, name: "Cores" }).returning();
  const item = (name: string, number: string, isWhatsappValid: boolean | null) => ({ companyId: t.company.id, contactListId: list.id, name, number, isWhatsappValid });
  await db.insert(contactListItems).values([item("Ana Valid", "5531999990011", true), item("Bruno Invalid", "5531999990000", false), item("Carla Unknown", "5531999990012", null)]);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, t.admin.email, t.admin.password, `/contact-lists/${list.id}/contacts`);
  const icon = (name: string) => page.locator('[data-testid^="item-row-"]', { hasText: name }).getByTestId("item-validity");
  await expect(icon("Bruno Invalid")).toHaveAttribute("data-state", "invalid");
  const look = (name: string) =>
    icon(name).evaluate((el) => {
      const ctx = document.createElement("canvas").getContext("2d")!;
      ctx.fillStyle = getComputedStyle(el).color;
      ctx.fillRect(0, 0, 1, 1);
      const [r, g, b] = ctx.getImageData(0, 0, 1, 1).data;
      const style = getComputedStyle(el);
      return { r, g, b, border: parseFloat(style.borderTopWidth) > 0 ? style.borderTopStyle : "none" };
    });
  const grey = (c: { r: number; g: number; b: number }) => Math.max(c.r, c.g, c.b) - Math.min(c.r, c.g, c.b) < 30;
  const [valid, invalid, unknown] = [await look("Ana Valid"), await look("Bruno Invalid"), await look("Carla Unknown")];
  expect(valid.g - valid.r, `valid ${JSON.stringify(valid)}`).toBeGreaterThan(40);
  expect(grey(invalid), `invalid ${JSON.stringify(invalid)}`).toBe(true);
  expect(grey(unknown), `unknown ${JSON.stringify(unknown)}`).toBe(true);
  expect([invalid.border, unknown.border]).toEqual(["none", "dashed"]);
  await page.mouse.move(0, 0);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, "contact-list-validity.png") });
});
