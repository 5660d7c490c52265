import { createE2eTenant, expect, loginThroughPage, test } from "./fixtures";

// The attempt limit as a person meets it. Its own tenant's email, so no other spec's logins (all
// from 127.0.0.1, where only failures count) are held up by it.
test("after 10 wrong passwords the login page says to wait, even for the right one", async ({ page }) => {
  const t = await createE2eTenant();
  for (let i = 0; i < 10; i++) {
    const res = await page.request.post("/api/auth/login", { data: { email: t.agent.email, password: `wrong-${i}` } });
    expect(res.status()).toBe(401);
  }
  await loginThroughPage(page, t.agent.email, t.agent.password);
  await expect(page.getByText("Muitas tentativas. Aguarde 15 minutos e tente novamente.").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
});
