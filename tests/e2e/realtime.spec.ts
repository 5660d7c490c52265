import { createE2eTenant, expect, loginThroughPage, subscribed, test } from "./fixtures";

test("two browsers of a company see each other's changes live; another company sees nothing", async ({ browser }) => {
  const t = await createE2eTenant();
  const other = await createE2eTenant();
  const [ctxA, ctxB, ctxC] = await Promise.all([browser.newContext(), browser.newContext(), browser.newContext()]);
  const [a, b, c] = await Promise.all([ctxA.newPage(), ctxB.newPage(), ctxC.newPage()]);

  // B is the admin on the users page (admins only); A, the agent, renames themself
  await loginThroughPage(b, t.admin.email, t.admin.password);
  await b.waitForURL("**/tickets");
  // both pages hold their company's admins channel (where user events go) before the change
  const bListens = subscribed(b, new RegExp(`^private-company-${t.company.id}-admins$`));
  await b.goto("/users");
  await expect(b.getByTestId(`user-row-${t.agent.id}`)).toBeVisible();
  await loginThroughPage(c, other.admin.email, other.admin.password);
  await c.waitForURL("**/tickets");
  const cListens = subscribed(c, new RegExp(`^private-company-${other.company.id}-admins$`));
  await c.goto("/users");
  await expect(c.getByTestId("users-table")).toBeVisible();
  await Promise.all([bListens, cListens]);

  await loginThroughPage(a, t.agent.email, t.agent.password);
  await a.waitForURL("**/tickets");
  await a.getByTestId("account-menu").click();
  await a.getByTestId("menu-profile").click();
  const dialog = a.getByTestId("profile-dialog");
  const newName = `Renomeado ${Date.now() % 100000}`;
  await dialog.locator('input[name="name"]').fill(newName);
  await dialog.getByRole("button", { name: "Salvar" }).click();
  await expect(a.getByTestId("greeting")).toContainText(newName);

  // B sees it without reloading
  await expect(b.getByTestId(`user-row-${t.agent.id}`)).toContainText(newName);
  // C (another company) never does
  await c.waitForTimeout(1500);
  await expect(c.getByText(newName)).toHaveCount(0);
  await Promise.all([ctxA.close(), ctxB.close(), ctxC.close()]);
});

test("a login elsewhere ends the older session with the notice", async ({ browser }) => {
  const t = await createE2eTenant();
  const [first, second] = await Promise.all([browser.newContext(), browser.newContext()]);
  const old = await first.newPage();
  // the old page must hold its own user channel before the second login publishes on it
  const userChannelSubscribed = subscribed(old, new RegExp(`-user-${t.agent.id}$`));
  await loginThroughPage(old, t.agent.email, t.agent.password);
  await old.waitForURL("**/tickets");
  await userChannelSubscribed;

  // watched from before the second login: on a slow machine the notice can come and go (the page
  // reloads a second later) while the second page is still loading
  const notice = old.getByText("Sua conta foi acessada em outro computador.").first().waitFor({ state: "visible", timeout: 30_000 });
  const fresh = await second.newPage();
  await loginThroughPage(fresh, t.agent.email, t.agent.password);
  await fresh.waitForURL("**/tickets");

  await notice;
  await old.waitForURL("**/login"); // reloaded after a second, the ended session lands on /login
  expect(await old.evaluate(() => localStorage.getItem("userId"))).toBeNull();
  // the new session is unaffected
  await fresh.waitForTimeout(1500);
  await expect(fresh).toHaveURL(/\/tickets$/);
  await expect(fresh.getByText("Sua conta foi acessada em outro computador.")).toHaveCount(0);
  await Promise.all([first.close(), second.close()]);
});
