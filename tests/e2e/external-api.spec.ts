import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { demoSandboxConnection, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// the app the run started (playwright.config.ts: E2E_PORT)
const E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3210}`;

type PhoneMessage = { id: string; direction: "in" | "out"; body: string; mediaType: string | null; mediaName: string | null };

// Issue 14 "done when": a script outside the app (curl) sends a text and an image with the demo's
// Sandbox connection token, the sandbox phone receives them, and the same Idempotency-Key twice sends once.

/** One curl call; answers the HTTP status and the parsed JSON body. */
function curl(args: string[]) {
  const out = execFileSync("curl", ["-sS", "-X", "POST", `${E2E_BASE_URL}/api/messages/send`, "-w", "\n%{http_code}", ...args], { encoding: "utf8" });
  const cut = out.lastIndexOf("\n");
  return { status: Number(out.slice(cut + 1)), body: JSON.parse(out.slice(0, cut)) };
}

test("curl sends a text and an image with the connection token; the sandbox phone receives each once", async ({ page }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  await signIn(page, "admin@example.com", "admin123");
  const sandbox = await demoSandboxConnection(page);
  const { token } = sandbox;
  expect(token).toBeTruthy();

  // pair the phone (the demo connection waits for its QR to be scanned)
  await page.goto(`/sandbox/${sandbox.id}`);
  const status = page.getByTestId("sandbox-status");
  await expect(status.or(page.getByTestId("sandbox-qr")).first()).toBeVisible({ timeout: 20_000 });
  if ((await status.getAttribute("data-status")) !== "CONNECTED") {
    await expect(page.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("sandbox-scan").click();
  }
  await expect(status).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });

  const number = `55119${String(Date.now()).slice(-8)}`;
  const text = `Seu pedido saiu para entrega ${Date.now() % 10000}`;
  const auth = ["-H", `Authorization: Bearer ${token}`];
  const key = `e2e-${Date.now()}`;
  const json = ["-H", "Content-Type: application/json", "-H", `Idempotency-Key: ${key}`, "--data", JSON.stringify({ number, body: text })];
  const first = curl([...auth, ...json]);
  const again = curl([...auth, ...json]);
  expect(first).toMatchObject({ status: 200, body: { mensagem: "Mensagem enviada", status: "sent", messageIds: [expect.any(Number)] } });
  expect(again).toEqual(first);

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "external-api-"));
  const png = path.join(dir, "comprovante.png");
  fs.writeFileSync(png, Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==", "base64"));
  const image = curl([...auth, "-F", `number=${number}`, "-F", "body=Segue o comprovante", "-F", `medias=@${png};type=image/png`]);
  // no open ticket with this number: each send is recorded on a ticket closed at once
  expect(image).toMatchObject({ status: 200, body: { mensagem: "Mensagem enviada", status: "sent", messageIds: [expect.any(Number)] } });
  fs.rmSync(dir, { recursive: true, force: true });

  // the phone's conversation with that number: the text once, then the image with its caption
  await expect
    .poll(async () => {
      const view = await (await page.request.get(`/api/sandbox/${sandbox.id}/outbound?to=${number}`)).json();
      return (view.messages as PhoneMessage[]).filter((m) => m.direction === "out").map((m) => [m.body, m.mediaType]);
    }, { timeout: 20_000 })
    .toEqual([
      [text, null],
      ["Segue o comprovante", "image"],
    ]);
  await page.getByTestId("sandbox-number").fill(number);
  const bubbles = page.getByTestId("sandbox-messages");
  await expect(bubbles.getByText(text)).toHaveCount(1);
  await expect(bubbles.locator("img[alt='comprovante.png']")).toBeVisible();
  await expect(bubbles.getByText("Segue o comprovante")).toBeVisible();
  await page.screenshot({ path: "/work/notes/shots/h6-external-api-phone.png" });
});
