import { randomBytes } from "node:crypto";
import { formatInTimeZone } from "date-fns-tz";
import { getDb } from "@/db";
import { contacts, whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

const TIME_ZONE = "America/Sao_Paulo";
test.use({ timezoneId: TIME_ZONE });

// issue 5 part 8: a schedule created in the modal goes out at its time (the embedded scheduler of
// the worker, no Inngest here) and arrives on the sandbox phone; the calendar follows it live.
test("a schedule made in the calendar is sent at its time and reaches the customer's phone", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = await createE2eTenant();
  const tag = randomBytes(3).toString("hex");
  const [conn] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.company.id, name: `Sandbox ${tag}`, provider: "sandbox", isDefault: true, sessionRequest: "start", sessionRequestedAt: new Date() })
    .returning();
  const number = `55119${String(Date.now()).slice(-8)}`;
  const contactName = `Cliente Agenda ${tag}`;
  await getDb().insert(contacts).values({ companyId: t.company.id, name: contactName, number });

  const ctx = await browser.newContext();
  const phone = await ctx.newPage();
  await signIn(phone, t.admin.email, t.admin.password, `/sandbox/${conn.id}`);
  await expect(phone.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
  await phone.getByTestId("sandbox-scan").click();
  await expect(phone.getByTestId("sandbox-status")).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });
  await phone.getByTestId("sandbox-number").fill(number);

  const page = await ctx.newPage();
  await page.goto("/schedules");
  await expect(page.getByTestId("schedules-calendar")).toBeVisible({ timeout: 15_000 });

  // the modal's validation (spec core §5)
  await page.getByTestId("add-schedule").click();
  const dialog = page.getByTestId("schedule-dialog");
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("schedule-dialog-title")).toHaveText("Novo agendamento");
  await dialog.getByTestId("schedule-send-at").fill("");
  await dialog.getByTestId("schedule-submit").click();
  await expect(dialog.getByText("Mensagem muito curta")).toBeVisible();
  await expect(dialog.getByText("Obrigatório")).toHaveCount(2);

  // contact (searched from 3 characters), message, and a time a few seconds ahead
  await dialog.getByTestId("schedule-contact-trigger").click();
  await page.getByTestId("schedule-contact-search").fill(tag);
  await page.getByTestId("schedule-contact-option").filter({ hasText: contactName }).click();
  await expect(dialog.getByTestId("schedule-contact-trigger")).toContainText(contactName);
  const body = `Lembrete agendado ${tag}: sua consulta é amanhã às 10h.`;
  await dialog.getByTestId("schedule-body").fill(body);
  const sendAt = new Date(Date.now() + 15_000);
  // datetime-local takes seconds too (the picker shows minutes only without a step); a value with
  // ":00" seconds would read back without them, which Playwright's fill takes for a malformed value
  if (sendAt.getSeconds() === 0) sendAt.setSeconds(1);
  await dialog.getByTestId("schedule-send-at").fill(formatInTimeZone(sendAt, TIME_ZONE, "yyyy-MM-dd'T'HH:mm:ss"));
  await dialog.getByTestId("schedule-submit").click();
  await expect(dialog).toBeHidden({ timeout: 10_000 });

  // on the calendar at once, then sent (live, without reloading)
  const event = page.getByTestId("schedule-event").filter({ hasText: contactName });
  await expect(event).toBeVisible();
  await expect(event).toHaveAttribute("data-status", "ENVIADA", { timeout: 60_000 });

  // the customer's phone received it
  await expect(phone.getByTestId("sandbox-messages").getByText(body)).toBeVisible({ timeout: 20_000 });

  // a sent schedule opens read-only: the status in the title and no save button
  await event.click();
  await expect(dialog.getByTestId("schedule-dialog-title")).toContainText("Enviada");
  await expect(dialog.getByTestId("schedule-sent")).toBeVisible();
  await expect(dialog.getByTestId("schedule-submit")).toHaveCount(0);
  await ctx.close();
});
