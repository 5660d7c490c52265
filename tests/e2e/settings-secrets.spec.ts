import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// issue 12: the payment provider's token is for admins only and the browser sees only its last 4
// characters; an agent's settings page has no trace of it (CONVENTIONS 13).
test("an admin saves the payment token and sees it masked; an agent never sees it", async ({ browser }) => {
  const t = await createE2eTenant();
  const token = `aact_e2e_${Date.now()}WXYZ`;

  const adminCtx = await browser.newContext();
  const admin = await adminCtx.newPage();
  await signIn(admin, t.admin.email, t.admin.password, "/settings");
  const row = admin.getByTestId("setting-row-asaas");
  await expect(row.getByTestId("setting-asaas-current")).toHaveText("Nenhum token salvo");
  await row.getByTestId("setting-asaas").fill(token);
  await row.getByTestId("setting-asaas-save").click();
  await expect(admin.getByText("Configurações salvas").first()).toBeVisible();
  await expect(row.getByTestId("setting-asaas-current")).toHaveText("••••WXYZ");
  await expect(row.getByTestId("setting-asaas")).toHaveValue("");
  await admin.reload();
  await expect(admin.getByTestId("setting-asaas-current")).toHaveText("••••WXYZ");
  expect(await admin.content()).not.toContain(token);
  await adminCtx.close();

  const agentCtx = await browser.newContext();
  const agent = await agentCtx.newPage();
  await signIn(agent, t.agent.email, t.agent.password, "/settings");
  await expect(agent.getByTestId("settings-options")).toBeVisible();
  await expect(agent.getByTestId("setting-row-asaas")).toHaveCount(0);
  const html = await agent.content();
  expect(html).not.toContain("WXYZ");
  await agentCtx.close();
});
