import { getDb } from "@/db";
import { whatsappInbox, whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Issue 33 parts 2 and 4: the connections page says why a connection is not connected (translated,
// with whether an admin must act) and how many senders WhatsApp has not identified yet. The rows
// are written as the worker leaves them (DISCONNECTED: no worker claims them). SHOTS_DIR set: a screenshot.
test("the connections page says why each connection is down and who WhatsApp has not identified yet", async ({ page }) => {
  const t = await createE2eTenant();
  const db = getDb();
  const [phone, other] = await db
    .insert(whatsapps)
    .values([
      { companyId: t.company.id, name: "Loja Centro", provider: "beta", status: "DISCONNECTED", number: "5511912345678", disconnectCode: 401, disconnectReason: "loggedOut", needsAttention: true },
      { companyId: t.company.id, name: "Loja Norte", provider: "beta", status: "DISCONNECTED", disconnectCode: 440, disconnectReason: "replaced", needsAttention: false },
    ])
    .returning({ id: whatsapps.id });
  await db.insert(whatsappInbox).values(
    ["207000000000001", "207000000000002"].map((lid, i) => ({ companyId: t.company.id, whatsappId: other.id, wid: `W${i}`, chat: `${lid}@lid`, kind: "live" as const, payload: "{}", waitingFor: lid })),
  );
  await page.setViewportSize({ width: 1280, height: 720 });
  await signIn(page, t.admin.email, t.admin.password, "/connections");
  await page.goto("/connections");
  const first = page.getByTestId(`connection-row-${phone.id}`);
  await expect(first.getByTestId("connection-disconnect-reason")).toHaveText(/Requer atenção\s*Desconectado pelo celular: leia o QR Code novamente/);
  const second = page.getByTestId(`connection-row-${other.id}`);
  await expect(second.getByTestId("connection-disconnect-reason")).toHaveText("Substituída por outra sessão do WhatsApp Web");
  await expect(second.getByTestId("connection-needs-attention")).toHaveCount(0);
  await expect(second.getByTestId("connection-waiting-senders")).toHaveText("Aguardando o WhatsApp identificar 2 remetentes");
  await expect(first.getByTestId("connection-waiting-senders")).toHaveCount(0);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/connection-reasons.png` });
});
