import { demoSandboxConnection, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// issue 14 §2: the connection dialog's webhook section, as an admin uses it. SHOTS_DIR set: screenshots.
const shot = (name: string) => (process.env.SHOTS_DIR ? { path: `${process.env.SHOTS_DIR}/${name}.png` } : undefined);


test("connection dialog: webhook section saves URL and events, shows the secret once, lists deliveries", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 1000 });
  await signIn(page, "admin@example.com", "admin123");
  const sandbox = await demoSandboxConnection(page);
  await page.goto("/connections");
  await page.getByTestId(`connection-row-${sandbox.id}`).getByTestId("edit-connection").click();
  const section = page.getByTestId("webhook-section");
  await section.scrollIntoViewIfNeeded();
  await page.getByTestId("webhook-url").fill("https://hooks.example.com/atendimento");
  await page.getByTestId("webhook-event-message.received").check();
  await page.getByTestId("webhook-event-ticket.closed").check();
  await page.getByTestId("webhook-save").click();
  await expect(page.getByTestId("webhook-secret")).toBeVisible();
  await expect(page.getByTestId("webhook-secret").locator("input")).toHaveValue(/^whsec_/);
  await expect(page.getByTestId("webhook-rotate")).toBeVisible();
  await section.scrollIntoViewIfNeeded();
  if (shot("h7-webhook-section")) await page.screenshot(shot("h7-webhook-section"));
  // an event: a ticket of the connection closed through the API (its delivery goes out from the scheduler)
  const contact = await (await page.request.post("/api/contacts", { data: { name: "Cliente Webhook", number: `55119${String(Date.now()).slice(-8)}` } })).json();
  const ticket = await (await page.request.post("/api/tickets", { data: { contactId: contact.id, whatsappId: sandbox.id, status: "open" } })).json();
  expect((await page.request.put(`/api/tickets/${ticket.id}`, { data: { status: "closed" } })).ok()).toBe(true);
  await expect
    .poll(async () => ((await (await page.request.get(`/api/whatsapp/${sandbox.id}/webhook/deliveries`)).json()).deliveries as { attempts: number }[])[0]?.attempts ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  await page.getByTestId("webhook-refresh").click();
  await expect(page.getByTestId("webhook-deliveries").locator("tbody tr")).toHaveCount(1);
  await page.getByTestId("connection-dialog").evaluate((el) => (el.scrollTop = el.scrollHeight));
  if (shot("h7-webhook-deliveries")) await page.screenshot(shot("h7-webhook-deliveries"));
  const settings = await (await page.request.get(`/api/whatsapp/${sandbox.id}/webhook`)).json();
  expect(settings).toEqual({ url: "https://hooks.example.com/atendimento", events: ["message.received", "ticket.closed"], hasSecret: true, standardSignature: true });
  // the demo connection goes back to no webhook, for the specs after this one
  expect((await page.request.put(`/api/whatsapp/${sandbox.id}/webhook`, { data: { url: null, events: [] } })).ok()).toBe(true);
});
