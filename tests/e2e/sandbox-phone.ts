import type { Page } from "@playwright/test";
import { demoSandboxConnection, expect } from "./fixtures";

export { customerSays } from "./tickets-setup";

/** Opens the demo's sandbox phone (the page must be signed in as the demo admin) and pairs it if it is not yet. */
export async function pairDemoPhone(page: Page) {
  const sandbox = await demoSandboxConnection(page);
  await page.goto(`/sandbox/${sandbox.id}`);
  const status = page.getByTestId("sandbox-status");
  await expect(status.or(page.getByTestId("sandbox-qr")).first()).toBeVisible({ timeout: 20_000 });
  if ((await status.getAttribute("data-status")) !== "CONNECTED") {
    await expect(page.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("sandbox-scan").click();
  }
  await expect(status).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });
}
