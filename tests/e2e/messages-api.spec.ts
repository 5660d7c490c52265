import { createE2eTenant, demoSandboxConnection, expect, test } from "./fixtures";
import { signIn } from "./sign-in";


// /messages-api (admin §2.15, issue 14 §3): the demo admin sends through the test forms with the
// Sandbox connection's token, as an external system would; a plan without useExternalApi is refused.
test("the demo admin sends a text and a media message through the test forms", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@example.com", "admin123");
  // the token an admin copies from the connection dialog (GET /api/whatsapp/{id} answers it to admins)
  const { token } = await demoSandboxConnection(page);
  expect(token).toBeTruthy();

  // the document the reference is rendered from, as the production build serves it
  const openapi = await page.request.get("/api/openapi.json");
  expect(openapi.status()).toBe(200);
  expect(openapi.headers()["cache-control"]).toContain("max-age=3600");
  expect((await openapi.json()).paths["/api/messages/send"].post.operationId).toBe("sendMessage");

  await page.goto("/messages-api");
  await expect(page.getByTestId("page-title")).toHaveText("API de mensagens");
  await expect(page.getByTestId("api-guide")).toContainText("não devem ter máscara nem caracteres especiais: código do país, DDD e número");
  await expect(page.getByTestId("reference-operation").filter({ hasText: "/api/messages/send" })).toContainText("SendTextMessage");

  // required fields, in the spec's words (admin §5): nothing is sent
  await page.getByTestId("media-submit").click();
  await expect(page.getByTestId("media-form").getByText("Obrigatório")).toHaveCount(3);
  await expect(page.getByTestId("media-result")).toHaveCount(0);

  // a number with a mask is refused by the form, as by the endpoint
  await page.getByTestId("text-token").fill(token!);
  await page.getByTestId("text-number").fill("+55 (11) 99999-8888");
  await page.getByTestId("text-body").fill("Olá pela API de mensagens");
  await page.getByTestId("text-submit").click();
  await expect(page.getByTestId("text-form")).toContainText("Informe só os dígitos: código do país, DDD e número");

  await page.getByTestId("text-number").fill("5511999990001");
  await page.getByTestId("text-submit").click();
  await expect(page.getByTestId("text-result-status")).toHaveText("200");
  await expect(page.getByTestId("text-result-body")).toContainText('"mensagem": "Mensagem enviada"');
  await expect(page.getByTestId("text-result-body")).toContainText('"ticketId"');

  await page.getByTestId("media-token").fill(token!);
  await page.getByTestId("media-number").fill("5511999990001");
  await page.getByTestId("media-body").fill("Segue o comprovante");
  const png = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64");
  await page.getByTestId("media-file").setInputFiles({ name: "comprovante.png", mimeType: "image/png", buffer: png });
  await page.getByTestId("media-submit").click();
  await expect(page.getByTestId("media-result-status")).toHaveText("200");
  await expect(page.getByTestId("media-result-body")).toContainText('"messageIds"');

  // a wrong token: the endpoint's refusal is shown as it came
  await page.getByTestId("text-token").fill("not-a-token");
  await page.getByTestId("text-submit").click();
  await expect(page.getByTestId("text-result-status")).toHaveText("401");
  await expect(page.getByTestId("text-result-body")).toContainText("ERR_INVALID_TOKEN");
  await page.getByTestId("text-token").fill(token!);
  await page.getByTestId("text-submit").click();
  await expect(page.getByTestId("text-result-status")).toHaveText("200");
  // the page scrolls inside the shell, so one shot of the forms and one of the reference
  await page.getByTestId("text-result").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/notes/shots/h8-messages-api-forms.png" });
  await page.getByTestId("reference-routes").scrollIntoViewIfNeeded();
  await page.screenshot({ path: "/work/notes/shots/h8-messages-api-reference.png" });
});

test("a plan without useExternalApi gets the spec's toast and is sent away", async ({ page }) => {
  const t = await createE2eTenant({ plan: { useExternalApi: false } });
  await signIn(page, t.admin.email, t.admin.password, "/messages-api");
  await expect(page.getByText("Esta empresa não possui permissão para acessar essa página! Estamos lhe redirecionando.").first()).toBeVisible();
  await expect(page).not.toHaveURL(/\/messages-api/);
  await expect(page.getByTestId("text-form")).toHaveCount(0);
});
