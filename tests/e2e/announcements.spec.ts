import path from "node:path";
import { deflateSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Announcements (admin §2.9, core §2-§3, issue 16 §2): the demo's super admin writes one with an
// image on /announcements; an agent of another company, already signed in in a second browser,
// sees it arrive in the top bar's popover without a reload (red border: priority 1), and sees it go
// when it is made inactive; a company admin who is not super is sent from /announcements to /.
// ANNOUNCEMENTS_SHOTS=/some/dir keeps screenshots of the page, the dialog and the popover.
const SHOTS = process.env.ANNOUNCEMENTS_SHOTS;
const shot = async (page: Page, name: string) => SHOTS && (await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: "disabled" }));
const PNG = stripesPng(480, 240);
const DONE = "Operação realizada com sucesso!";

test("a super admin's announcement reaches another company's top bar live, and leaves it when made inactive", async ({ browser }) => {
  test.setTimeout(150_000);
  const other = await createE2eTenant();
  const title = `Manutenção programada ${Date.now()}`;

  // another company's agent, signed in before the announcement exists
  const agentCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  const agent = await agentCtx.newPage();
  await signIn(agent, other.agent.email, other.agent.password);
  await expect(agent.getByTestId("announcements-button")).toBeVisible();
  // what was already there (the demo's welcome announcement) counts as seen once the popover opened
  await agent.getByTestId("announcements-button").click();
  await expect(agent.getByTestId("announcements-popover").locator('[data-testid^="announcement-item-"]').first()).toBeVisible();
  await expect(agent.getByTestId("announcements-count")).toHaveCount(0);
  await agent.keyboard.press("Escape");
  await expect(agent.getByTestId("announcements-popover")).toBeHidden();

  // the super admin writes it, with an image and priority 'Alta'
  const superCtx = await browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme: "light" });
  const admin = await superCtx.newPage();
  await signIn(admin, "admin@example.com", "admin123", "/announcements");
  await expect(admin.getByTestId("page-title")).toHaveText("Informativos");
  await expect(async () => {
    await admin.getByTestId("add-announcement").click();
    await expect(admin.getByTestId("announcement-dialog")).toBeVisible({ timeout: 1_000 });
  }).toPass();
  const dialog = admin.getByTestId("announcement-dialog");
  await dialog.getByTestId("announcement-submit").click();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(2); // title and text
  await expect(dialog.getByTestId("field-priority")).toHaveText("Baixa"); // default 3
  await expect(dialog.getByTestId("field-status")).toHaveText("Ativo");
  await dialog.getByTestId("field-title").fill(title);
  await dialog.getByTestId("field-text").fill("O sistema fica fora do ar sábado às 22h.\nVolta às 23h.");
  await dialog.getByTestId("field-priority").click();
  await admin.getByTestId("priority-option-1").click();
  await expect(dialog.getByTestId("field-priority")).toHaveText("Alta");
  await dialog.getByTestId("field-image").setInputFiles({ name: "aviso.png", mimeType: "image/png", buffer: PNG });
  await expect(dialog.getByTestId("announcement-image-name")).toHaveText("aviso.png");
  await shot(admin, "announcement-dialog");
  await dialog.getByTestId("announcement-submit").click();
  await expect(dialog).toBeHidden();
  await expect(admin.getByText(DONE).first()).toBeVisible();
  const row = admin.locator('[data-testid^="announcement-row-"]', { hasText: title });
  await expect(row.getByTestId("announcement-priority")).toHaveText("Alta");
  await expect(row.getByTestId("announcement-status").last()).toHaveText("Ativo");
  await expect(row.getByTestId("announcement-attachment")).toContainText("aviso.png");
  await shot(admin, "announcements-page");

  // the agent of the other company: the badge, then the popover, without a reload
  await expect(agent.getByTestId("announcements-count")).toHaveText("1");
  await agent.getByTestId("announcements-button").click();
  const popover = agent.getByTestId("announcements-popover");
  const item = popover.locator('[data-testid^="announcement-item-"]', { hasText: title });
  await expect(item).toBeVisible();
  await expect(item).toHaveAttribute("data-priority", "1");
  await expect(item).toHaveClass(/border-l-destructive/);
  await expect(item).toHaveCSS("border-left-width", "4px");
  await expect(item).toContainText("Volta às 23h.");
  const image = item.getByTestId("announcement-image-link");
  await expect(image).toHaveAttribute("target", "_blank");
  // the image is served to a user of another company (the platform storage area)
  await expect.poll(() => image.locator("img").evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);
  await expect(agent.getByTestId("announcements-count")).toHaveCount(0); // seen
  await shot(agent, "announcements-popover");
  if (SHOTS) {
    await agent.emulateMedia({ colorScheme: "dark" });
    await shot(agent, "announcements-popover-dark");
    await agent.setViewportSize({ width: 390, height: 844 });
    await shot(agent, "announcements-popover-narrow-dark");
    await agent.emulateMedia({ colorScheme: "light" });
    await agent.setViewportSize({ width: 1280, height: 800 });
  }

  // made inactive: it leaves the agent's open popover
  await row.getByTestId("edit-announcement").click();
  await expect(dialog.getByTestId("field-title")).toHaveValue(title);
  await dialog.getByTestId("field-status").click();
  await admin.getByTestId("status-option-false").click();
  await dialog.getByTestId("announcement-submit").click();
  await expect(dialog).toBeHidden();
  await expect(row.getByTestId("announcement-status").last()).toHaveText("Inativo");
  await expect(item).toHaveCount(0);
  // the others still active (the demo's welcome) stay
  await expect(popover.locator('[data-testid^="announcement-item-"]').first()).toBeVisible();

  if (SHOTS) {
    await admin.setViewportSize({ width: 390, height: 844 });
    await shot(admin, "announcements-page-narrow");
    await admin.emulateMedia({ colorScheme: "dark" });
    await shot(admin, "announcements-page-dark");
    await row.getByTestId("edit-announcement").click();
    await shot(admin, "announcement-dialog-narrow-dark");
  }
  await superCtx.close();
  await agentCtx.close();

  // a company admin who is not super: the error toast, then /
  const otherAdminCtx = await browser.newContext();
  const otherAdmin = await otherAdminCtx.newPage();
  await signIn(otherAdmin, other.admin.email, other.admin.password, "/announcements");
  await expect(otherAdmin.getByText("Acesso não permitido").first()).toBeVisible();
  await otherAdmin.waitForURL((url) => url.pathname === "/");
  await expect(otherAdmin.getByTestId("announcements-table")).toHaveCount(0);
  await otherAdminCtx.close();
});

test("the popover and the page load the next 20 announcements as their end comes near, newest first", async ({ browser }) => {
  test.setTimeout(120_000);
  const other = await createE2eTenant();
  const tag = `Lote ${Date.now()}`;
  const superCtx = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const admin = await superCtx.newPage();
  await signIn(admin, "admin@example.com", "admin123");
  for (let i = 1; i <= 25; i++) {
    const res = await admin.request.post("/api/announcements", { data: { title: `${tag} ${i}`, text: `Texto ${i}`, priority: (i % 3) + 1 } });
    expect(res.status()).toBe(200);
  }

  const agentCtx = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const agent = await agentCtx.newPage();
  await signIn(agent, other.agent.email, other.agent.password);
  await expect(agent.getByTestId("announcements-count")).toHaveText("9+");
  await agent.getByTestId("announcements-button").click();
  const items = agent.getByTestId("announcements-popover").locator('[data-testid^="announcement-item-"]', { hasText: tag });
  await expect(items).toHaveCount(20);
  await expect(items.first()).toContainText(`${tag} 25`);
  await items.last().scrollIntoViewIfNeeded();
  await expect(items).toHaveCount(25);
  await expect(items.last()).toContainText(`${tag} 1`);
  await expect(items.last()).toHaveAttribute("data-priority", "2");

  await admin.goto("/announcements");
  const rows = admin.locator('[data-testid^="announcement-row-"]', { hasText: tag });
  await expect(rows).toHaveCount(20);
  await rows.last().scrollIntoViewIfNeeded();
  await expect(rows).toHaveCount(25);
  // the search (lowercased, debounced): typed once the page is interactive
  await expect(async () => {
    await admin.getByTestId("announcements-search").fill(`${tag} 7`.toUpperCase());
    await expect(rows).toHaveCount(1, { timeout: 2_000 });
  }).toPass();
  await expect(rows).toContainText(`${tag} 7`);
  await superCtx.close();
  await agentCtx.close();
});

/** A real PNG (diagonal stripes), so the browser decodes and shows it. */
function stripesPng(w: number, h: number): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (b: Buffer) => {
    let c = 0xffffffff;
    for (const x of b) c = crcTable[(c ^ x) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(w, 0);
  header.writeUInt32BE(h, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const on = Math.floor((x + y) / 24) % 2 === 0;
      rows.set(on ? [37, 99, 235] : [224, 231, 255], y * (w * 3 + 1) + 1 + x * 3);
    }
  }
  const sig = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([sig, chunk("IHDR", header), chunk("IDAT", deflateSync(rows)), chunk("IEND", Buffer.alloc(0))]);
}
