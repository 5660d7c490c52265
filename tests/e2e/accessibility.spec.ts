import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { randomBytes } from "node:crypto";
import { getDb } from "@/db";
import { contacts, tags, tickets, whatsapps } from "@/db/schema";
import { deniedReason, PAGES, type Viewer } from "@/lib/navigation/pages";
import { createE2eTenant, expect, test, type E2eTenant } from "./fixtures";
import { signIn } from "./sign-in";

// issue 34 §8: axe (WCAG 2 A and AA) finds nothing on any page of the menu, for an admin and an
// agent, in the light theme; the colour contrast also in the dark theme on a few pages. A new page
// in lib/navigation/pages.ts is checked here without changing this file.

const TAGS = ["wcag2a", "wcag2aa"];
// SHOTS_DIR set: screenshots of the dark pages, and of the same pages in light, are saved there
const SHOTS = process.env.SHOTS_DIR;
const DARK_PAGES = ["/", "/tickets", "/kanban", "/connections", "/settings"];
const ALL_FLAGS = { useCampaigns: true, useKanban: true, useOpenAi: true, useIntegrations: true, useSchedules: true, useInternalChat: true, useExternalApi: true };

/** The menu's pages this viewer may open (the tenant's plan has every feature). */
const pagesFor = (profile: "admin" | "user") => {
  const viewer: Viewer = { profile, super: false, plan: ALL_FLAGS, campaignsFlag: true };
  return Object.values(PAGES).filter((p) => deniedReason(p.access, viewer) === null).map((p) => p.href);
};

/** Something on the pages whose findings hid in their rows: a kanban lane with a card, a connection, an unread count. */
async function seedRows(t: E2eTenant) {
  const db = getDb();
  const tag = randomBytes(3).toString("hex");
  await db.insert(tags).values({ companyId: t.company.id, name: `Atendendo ${tag}`, color: "#6366F1", kanban: 1 });
  const [contact] = await db.insert(contacts).values({ companyId: t.company.id, name: `Cliente ${tag}`, number: `5511${Date.now() % 1e9}` }).returning();
  // unread messages: the bell's red count shows on every page (light text on a filled red)
  await db.insert(tickets).values({ companyId: t.company.id, contactId: contact.id, status: "open", userId: t.admin.id, lastMessage: "Olá", unreadMessages: 2 });
  await db.insert(whatsapps).values({ companyId: t.company.id, name: `Conexão ${tag}`, provider: "sandbox", status: "DISCONNECTED", token: `tok${tag}${tag}${tag}` });
}

/** Opens a page and waits for its content: the main region, then no request in flight. */
async function visit(page: Page, href: string) {
  await page.goto(href);
  await expect(page.locator("main")).toBeVisible();
  await page.waitForLoadState("networkidle");
}

/** axe's violations on the page, one line per rule and element, for the failure message. */
async function findings(page: Page, rules?: string[]) {
  const builder = new AxeBuilder({ page }).withTags(TAGS);
  if (rules) builder.withRules(rules);
  const { violations } = await builder.analyze();
  return violations.flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}) ${n.target.join(" ")}: ${n.failureSummary?.split("\n")[1]?.trim() ?? v.help}`));
}

const shotName = (href: string, theme: string) => `${SHOTS}/${href.slice(1).replaceAll("/", "-") || "dashboard"}-${theme}.png`;

async function checkPages(page: Page, hrefs: string[], shots = false) {
  const found: string[] = [];
  for (const href of hrefs) {
    await visit(page, href);
    if (shots && SHOTS && DARK_PAGES.includes(href)) await page.screenshot({ path: shotName(href, "light") });
    found.push(...(await findings(page)).map((line) => `${href} ${line}`));
  }
  return found;
}

test("every page of the menu passes axe's WCAG 2 A and AA rules, for an admin and an agent, light and dark", async ({ browser }) => {
  const t = await createE2eTenant();
  await seedRows(t);
  const [adminCtx, agentCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [admin, agent] = await Promise.all([adminCtx.newPage(), agentCtx.newPage()]);
  await signIn(admin, t.admin.email, t.admin.password, "/api/version");
  await signIn(agent, t.agent.email, t.agent.password, "/api/version");

  const adminPages = pagesFor("admin");
  const agentPages = pagesFor("user");
  expect(adminPages).toContain("/kanban");
  const [adminFound, agentFound] = await Promise.all([checkPages(admin, adminPages, true), checkPages(agent, agentPages)]);

  // dark (the theme follows the system's when none was chosen): the contrast on representative pages
  await admin.emulateMedia({ colorScheme: "dark" });
  const darkFound: string[] = [];
  for (const href of DARK_PAGES) {
    await visit(admin, href);
    await expect(admin.locator("html")).toHaveClass(/dark/);
    if (SHOTS) await admin.screenshot({ path: shotName(href, "dark") });
    darkFound.push(...(await findings(admin, ["color-contrast"])).map((line) => `dark ${href} ${line}`));
  }

  expect([...adminFound, ...agentFound.map((line) => `agent ${line}`), ...darkFound]).toEqual([]);
  await Promise.all([adminCtx.close(), agentCtx.close()]);
});
