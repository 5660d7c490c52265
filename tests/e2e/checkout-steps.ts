import type { Page } from "@playwright/test";

/** Step 1 of the checkout (Dados), filled with a valid address, then on to step 2. */
export async function fillAddress(page: Page) {
  const dialog = page.getByTestId("checkout-dialog");
  await dialog.getByTestId("checkout-firstName").fill("Ana");
  await dialog.getByTestId("checkout-lastName").fill("Lima");
  await dialog.getByTestId("checkout-address2").fill("Rua das Flores, 100");
  await dialog.getByTestId("checkout-city").fill("Recife");
  await dialog.getByTestId("checkout-state").fill("PE");
  await dialog.getByTestId("checkout-zipcode").fill("50000-000");
  await dialog.getByTestId("checkout-country").click();
  await page.getByTestId("country-BR").click();
  await dialog.getByTestId("checkout-next").click();
}
