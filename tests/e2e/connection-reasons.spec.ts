import { formatInTimeZone } from "date-fns-tz";
import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { campaigns, campaignShipping, whatsappInbox, whatsapps } from "@/db/schema";
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

// Issue 33 part 6: a real number's sending pace. The form shows its limits with the risk, refuses a
// gap below the bound; the page and a running campaign's report say until when sends wait.
test("a real number's sending limits are edited in the form; the page and the campaign report say until when sends wait", async ({ page }) => {
  const t = await createE2eTenant();
  const db = getDb();
  const until = new Date(Date.now() + 3 * 3_600_000);
  const [phone] = await db
    .insert(whatsapps)
    .values({ companyId: t.company.id, name: "Loja Sul", provider: "beta", status: "DISCONNECTED", sendPauseReason: "dayCap", sendPausedUntil: until })
    .returning({ id: whatsapps.id });
  const [campaign] = await db.insert(campaigns).values({ companyId: t.company.id, name: "Black Friday", message1: "Olá", status: "EM_ANDAMENTO", whatsappId: phone.id }).returning({ id: campaigns.id });
  // a recipient still to go (tomorrow), so the campaign is running, not finished
  await db.insert(campaignShipping).values({ companyId: t.company.id, campaignId: campaign.id, number: "5511987650000", message: "Olá", dueAt: new Date(Date.now() + 86_400_000) });
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, t.admin.email, t.admin.password, "/connections");
  await page.goto("/connections");
  const row = page.getByTestId(`connection-row-${phone.id}`);
  await expect(row.getByTestId("connection-send-paused")).toHaveText(`Limite diário atingido: envios não solicitados aguardam até ${formatInTimeZone(until, "America/Sao_Paulo", "dd/MM HH:mm")}`);

  await row.getByTestId("edit-connection").click();
  const dialog = page.getByTestId("connection-dialog");
  await expect(dialog.getByTestId("field-sendMinGapSeconds")).toHaveValue("10");
  await expect(dialog.getByTestId("field-sendHourCap")).toHaveValue("40");
  await expect(dialog.getByTestId("field-sendDayCap")).toHaveValue("200");
  await expect(dialog.getByTestId("send-pacing-hint")).toContainText("levam o WhatsApp a banir o número");
  await dialog.getByTestId("field-sendMinGapSeconds").fill("5");
  await dialog.getByTestId("connection-submit").click();
  await expect(dialog.getByText("Fora da faixa permitida (veja abaixo).")).toBeVisible();
  await dialog.getByTestId("field-sendMinGapSeconds").fill("30");
  await dialog.getByTestId("field-sendDayCap").fill("150");
  if (process.env.SHOTS_DIR) await dialog.getByTestId("send-pacing-hint").scrollIntoViewIfNeeded();
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/connection-send-pace-form.png` });
  await dialog.getByTestId("connection-submit").click();
  await expect(dialog).toHaveCount(0);
  const [saved] = await db.select({ gap: whatsapps.sendMinGapSeconds, day: whatsapps.sendDayCap }).from(whatsapps).where(eq(whatsapps.id, phone.id));
  expect(saved).toEqual({ gap: 30, day: 150 });

  await page.goto(`/campaign/${campaign.id}/report`);
  await expect(page.getByTestId("campaign-report-paused")).toHaveText(/^Pausada pelo limite diário do número até \d{2}(\/\d{2} \d{2})?:\d{2}$/);
  if (process.env.SHOTS_DIR) await page.screenshot({ path: `${process.env.SHOTS_DIR}/campaign-report-paused.png` });
});
