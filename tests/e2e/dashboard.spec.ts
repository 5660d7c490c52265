import { getDb } from "@/db";
import { contacts, tickets, ticketTracking, userRatings } from "@/db/schema";
import { addDaysToDate, todayIn } from "@/lib/dates/today";
import { createE2eTenant, expect, test, type E2eTenant } from "./fixtures";
import { signIn } from "./sign-in";

// The admin dashboard (issue 8; spec core §2 Dashboard): true figures for the conversations of a
// company, the "Parametrize o filtro" message, live online status, and the two charts drawn and
// readable in light and dark (screenshots attached to the report).

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000);

/** Conversations with known times, all within the last two hours (inside "Últimos 7 dias"). */
async function seed(t: E2eTenant) {
  const db = getDb();
  const cycles = [
    { userId: t.agent.id, queued: 120, started: 110, finished: 80 }, // wait 10, support 30
    { userId: t.admin.id, queued: 100, started: 80, finished: 30 }, // wait 20, support 50
    { userId: t.agent.id, queued: 20, started: 15, finished: null }, // in conversation, wait 5
    { userId: null, queued: 5, started: null, finished: null }, // waiting
  ];
  for (const [i, c] of cycles.entries()) {
    const [contact] = await db
      .insert(contacts)
      .values({ companyId: t.company.id, name: `Cliente ${i + 1}`, number: `5511955500${t.company.id}${i}` })
      .returning();
    const status = c.finished !== null ? "closed" : c.started !== null ? "open" : "pending";
    const [ticket] = await db.insert(tickets).values({ companyId: t.company.id, contactId: contact.id, userId: c.userId, status }).returning();
    await db.insert(ticketTracking).values({
      companyId: t.company.id,
      ticketId: ticket.id,
      userId: c.userId,
      queuedAt: minutesAgo(c.queued),
      createdAt: minutesAgo(c.queued),
      startedAt: c.started === null ? null : minutesAgo(c.started),
      finishedAt: c.finished === null ? null : minutesAgo(c.finished),
    });
    if (i === 0) await db.insert(userRatings).values({ companyId: t.company.id, ticketId: ticket.id, userId: t.agent.id, rate: 3 });
  }
}

async function choose(page: import("@playwright/test").Page, trigger: string, option: string) {
  await page.getByTestId(trigger).click();
  await page.getByRole("option", { name: option }).click();
}

test("the dashboard shows the company's true figures and live online status", async ({ page, browser }) => {
  const t = await createE2eTenant();
  await seed(t);
  await signIn(page, t.admin.email, t.admin.password, "/");
  await expect(page.getByTestId("page-title")).toHaveText("Dashboard");
  // default filter: the first of the month to today
  const today = todayIn();
  await expect(page.getByTestId("dashboard-from")).toHaveValue(`${today.slice(0, 8)}01`);
  await expect(page.getByTestId("dashboard-to")).toHaveValue(today);

  // by period with no period chosen: the spec's message, nothing asked
  await choose(page, "dashboard-filter-type", "Filtro por Período");
  await page.getByTestId("dashboard-apply").click();
  await expect(page.getByText("Parametrize o filtro").first()).toBeVisible();

  await choose(page, "dashboard-period", "Últimos 7 dias");
  await page.getByTestId("dashboard-apply").click();
  const value = (key: string) => page.getByTestId(`counter-${key}-value`);
  await expect(value("supportHappening")).toHaveText("1");
  await expect(value("supportPending")).toHaveText("1");
  await expect(value("supportFinished")).toHaveText("2");
  await expect(value("newContacts")).toHaveText("4");
  await expect(value("avgSupportTime")).toHaveText("40 min"); // (30 + 50) / 2
  await expect(value("avgWaitTime")).toHaveText("12 min"); // (10 + 20 + 5) / 3

  const agentRow = page.getByTestId(`attendant-${t.agent.id}`);
  await expect(agentRow).toContainText("30 min");
  await expect(agentRow).toContainText("Muito satisfeito"); // one rating of 3
  await expect(page.getByTestId(`attendant-${t.admin.id}`)).toContainText("50 min");
  // the admin's own page is on the presence channel; the agent comes online when they log in
  await expect(page.getByTestId(`attendant-${t.admin.id}-status`)).toHaveAttribute("data-online", "true");
  await expect(page.getByTestId(`attendant-${t.agent.id}-status`)).toHaveAttribute("data-online", "false");
  const agentContext = await browser.newContext();
  const agentPage = await agentContext.newPage();
  await signIn(agentPage, t.agent.email, t.agent.password);
  await expect(page.getByTestId(`attendant-${t.agent.id}-status`)).toHaveAttribute("data-online", "true");
  await agentContext.close();
  await expect(page.getByTestId(`attendant-${t.agent.id}-status`)).toHaveAttribute("data-online", "false", { timeout: 20_000 });
});

test("a user who is not an admin is sent to /tickets", async ({ page }) => {
  const t = await createE2eTenant();
  await signIn(page, t.agent.email, t.agent.password, "/");
  await page.waitForURL("**/tickets");
});

test("the charts render their bars, readable in light and dark", async ({ page }, testInfo) => {
  const t = await createE2eTenant();
  await seed(t);
  await signIn(page, t.admin.email, t.admin.password);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await page.goto("/");
  // each chart asked for yesterday and today, which hold all the seeded conversations
  const today = todayIn();
  for (const id of ["chart-users", "chart-days"]) {
    await page.getByTestId(`${id}-from`).fill(addDaysToDate(today, -1));
    await page.getByTestId(`${id}-to`).fill(today);
    await page.getByTestId(`${id}-apply`).click();
  }
  await expect(page.getByTestId("chart-days")).toContainText("(4)");
  // per user: the agent took two conversations, the admin one, so the agent's bar is twice as long
  const userBars = page.getByTestId("chart-users-bars-bar");
  await expect(userBars).toHaveCount(2);
  const [agentBar, adminBar] = [await userBars.nth(0).boundingBox(), await userBars.nth(1).boundingBox()];
  expect(agentBar!.width).toBeGreaterThan(100);
  expect(agentBar!.width / adminBar!.width).toBeCloseTo(2, 1);
  // per day: two bars (yesterday, today) whose values add up to the four conversations, drawn to scale
  const dayBars = page.getByTestId("chart-days-bars-bar");
  await expect(dayBars).toHaveCount(2);
  const values = await dayBars.evaluateAll((bars) => bars.map((b) => Number(b.getAttribute("data-value"))));
  expect(values[0] + values[1]).toBe(4);
  const tallest = dayBars.nth(values[1] >= values[0] ? 1 : 0);
  expect((await tallest.boundingBox())!.height).toBeGreaterThan(150);

  for (const theme of ["light", "dark"] as const) {
    const isDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
    if (isDark !== (theme === "dark")) await page.getByTestId("theme-toggle").first().click();
    await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(theme === "dark");
    // a bar's colour stands out from its card in this theme
    const colours = await page.getByTestId("chart-days").evaluate((card) => {
      const bar = card.querySelector("[data-testid='chart-days-bars-bar']") as HTMLElement;
      return { bar: getComputedStyle(bar).backgroundColor, card: getComputedStyle(card).backgroundColor };
    });
    expect(colours.bar).not.toBe(colours.card);
    for (const id of ["chart-users", "chart-days"]) {
      await testInfo.attach(`${id}-${theme}`, { body: await page.getByTestId(id).screenshot(), contentType: "image/png" });
    }
  }
});
