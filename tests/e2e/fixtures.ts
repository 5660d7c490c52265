import { randomBytes } from "node:crypto";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { closeDb, getDb } from "@/db";
import { plans, users } from "@/db/schema";
import { hashPassword } from "@/lib/auth/password";
import { createCompany } from "@/lib/companies/create-company";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { e2eDatabaseUrl } from "./e2e-db";

process.env.DATABASE_URL = e2eDatabaseUrl();
process.env.DB_POOL_MAX = "2";

export type E2eTenant = Awaited<ReturnType<typeof createE2eTenant>>;

/** A whole tenant of its own (company, admin, agent), so tests never share the seeded users. */
export async function createE2eTenant(opts: { dueInDays?: number; plan?: Partial<typeof plans.$inferInsert> } = {}) {
  const db = getDb();
  const tag = randomBytes(4).toString("hex");
  const [plan] = await db
    .insert(plans)
    .values({ name: `Plano ${tag}`, users: 5, connections: 2, queues: 3, value: 50, isPublic: false, ...opts.plan })
    .returning();
  const adminPassword = `adm-${tag}`;
  const { company, adminId } = await createCompany(db, {
    name: `Empresa ${tag}`,
    email: `owner-${tag}@e2e.test`,
    planId: plan.id,
    dueDate: addDaysToDate(todayIn(), opts.dueInDays ?? 30),
    admin: { name: `Admin ${tag}`, email: `admin-${tag}@e2e.test`, password: adminPassword },
  });
  const agentPassword = `agt-${tag}`;
  const [agent] = await db
    .insert(users)
    .values({
      companyId: company.id,
      name: `Agente ${tag}`,
      email: `agent-${tag}@e2e.test`,
      passwordHash: await hashPassword(agentPassword),
      profile: "user",
    })
    .returning();
  return {
    company,
    plan,
    admin: { id: adminId, email: `admin-${tag}@e2e.test`, password: adminPassword },
    agent: { id: agent.id, email: agent.email, password: agentPassword },
  };
}

/** The demo's "Sandbox" connection and its API token, read as its admin (the page must be signed in as one). */
export async function demoSandboxConnection(page: Page): Promise<{ id: number; token: string }> {
  const list = (await (await page.request.get("/api/whatsapp")).json()) as { id: number; name: string }[];
  const { id } = list.find((c) => c.name === "Sandbox")!;
  const { token } = (await (await page.request.get(`/api/whatsapp/${id}`)).json()) as { token: string };
  return { id, token };
}

export async function loginThroughPage(page: Page, email: string, password: string) {
  await page.goto("/login");
  await page.getByTestId("login-form").locator('input[type="email"]').fill(email);
  await page.getByTestId("login-form").locator('input[type="password"]').fill(password);
  await page.getByTestId("login-form").locator('button[type="submit"]').click();
}

/**
 * Picks `name` in a select (its trigger given) and waits for the trigger to show it. Tried again
 * while the trigger does not show it: a CI-like run on 2 cores once saw the option's click land
 * while a long list (dozens of plans) was still being placed, leaving the list open with nothing
 * chosen and every later click intercepted by it.
 */
export async function pickOption(page: Page, trigger: Locator, name: RegExp) {
  await expect(async () => {
    if (!(await page.getByRole("listbox").isVisible())) await trigger.click();
    await page.getByRole("option", { name }).click({ timeout: 2_000 });
    await expect(trigger).toHaveText(name, { timeout: 1_000 });
  }).toPass();
}

export const test = base.extend({});
test.afterAll(async () => {
  await closeDb();
});
export { expect };

/**
 * The open conversation pane. Visible ones only: on a slow machine React can leave a hidden copy
 * of a streamed page segment behind (the server's `<div hidden>` whose content the client had
 * already rendered itself); a CI run once saw the conversation twice that way, one of them outside
 * the tickets workspace.
 */
export const conversationPane = (page: Page) => page.getByTestId("ticket-conversation").filter({ visible: true });

/**
 * Resolves once the realtime server has confirmed the page's subscription to a channel whose name
 * matches `channel` (pusher's `pusher_internal:subscription_succeeded` frame): from then on, events
 * published on it reach the page. Call it before the navigation that subscribes.
 */
export function subscribed(page: Page, channel: RegExp, timeout = 30_000): Promise<void> {
  const done = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no subscription to ${channel} within ${timeout} ms`)), timeout);
    page.on("websocket", (ws) => {
      ws.on("framereceived", ({ payload }) => {
        const text = typeof payload === "string" ? payload : payload.toString("utf8");
        if (!text.includes("subscription_succeeded")) return;
        const name = (JSON.parse(text) as { channel?: string }).channel ?? "";
        if (channel.test(name)) {
          clearTimeout(timer);
          resolve();
        }
      });
    });
  });
  done.catch(() => {}); // a test that failed before awaiting it must not also leave a rejection behind
  return done;
}
