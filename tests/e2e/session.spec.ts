import { formatDayBr } from "@/lib/dates/today";
import { createE2eTenant, expect, loginThroughPage, test } from "./fixtures";

test("a company whose due date has passed is refused at login with the date", async ({ page }) => {
  const t = await createE2eTenant({ dueInDays: -1 });
  await loginThroughPage(page, t.admin.email, t.admin.password);
  const due = formatDayBr(t.company.dueDate!);
  await expect(page.getByText(`Opss! Sua assinatura venceu em ${due}.`, { exact: false }).first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  // spec: nothing is stored
  expect(await page.evaluate(() => localStorage.getItem("companyId"))).toBeNull();
  const cookies = await page.context().cookies();
  expect(cookies.find((c) => c.name.includes("session-token"))).toBeUndefined();
});

test("wrong credentials show the translated error and stay on /login", async ({ page }) => {
  const t = await createE2eTenant();
  await loginThroughPage(page, t.admin.email, "not-the-password");
  await expect(page.getByText("Erro de autenticação. Por favor, tente novamente.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});

test("an agent sees no admin section and is sent from / to /tickets", async ({ page }) => {
  const t = await createE2eTenant();
  await loginThroughPage(page, t.agent.email, t.agent.password);
  await page.waitForURL("**/tickets");
  const drawer = page.getByTestId("side-drawer");
  await expect(drawer.getByTestId("menu-tickets")).toBeVisible();
  await expect(drawer.getByTestId("menu-dashboard")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-connections")).toHaveCount(0);
  await expect(drawer.getByTestId("menu-users")).toHaveCount(0);
  await expect(page.getByTestId("active-until")).toHaveCount(0);
  await page.goto("/");
  await page.waitForURL("**/tickets");
  await page.goto("/connections");
  await expect(page.getByText("Acesso não permitido").first()).toBeVisible();
  await page.waitForURL("**/tickets");
});

test("anonymous visitors go to /login, signed-in visitors of /login go on; logout returns to /login", async ({ page }) => {
  await page.goto("/users");
  await page.waitForURL("**/login");
  const t = await createE2eTenant();
  await loginThroughPage(page, t.admin.email, t.admin.password);
  await page.waitForURL("**/tickets");
  await page.goto("/login");
  await page.waitForURL((url) => url.pathname === "/");
  await page.getByTestId("account-menu").click();
  await page.getByTestId("menu-logout").click();
  await page.waitForURL("**/login");
  await page.goto("/tickets");
  await page.waitForURL("**/login");
});

test("theme and language choices are kept", async ({ page }) => {
  const t = await createE2eTenant();
  await loginThroughPage(page, t.admin.email, t.admin.password);
  await page.waitForURL("**/tickets");
  const wasDark = await page.evaluate(() => document.documentElement.classList.contains("dark"));
  await page.getByTestId("theme-toggle").first().click();
  expect(await page.evaluate(() => localStorage.getItem("preferredTheme"))).toBe(wasDark ? "light" : "dark");
  await page.reload();
  expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).toBe(!wasDark);
  await page.getByTestId("locale-switcher").click();
  await page.getByRole("menuitemradio", { name: "English" }).click();
  await expect(page.getByTestId("side-drawer").getByTestId("menu-tickets")).toHaveText("Tickets");
  await expect(page.getByTestId("greeting")).toContainText("welcome to");
});
