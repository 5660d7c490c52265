import { randomBytes } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { and, eq, inArray, sql } from "drizzle-orm";
import { getDb } from "@/db";
import { campaigns, sandboxMessages } from "@/db/schema";
import { createE2eTenant, demoSandboxConnection, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Issue 15 "done when", in the demo company: a list of three sandbox numbers, intervals 0, a
// campaign scheduled a few seconds ahead with {nome}; each number receives exactly one message
// with its name, and the report reaches FINALIZADA live (the worker's embedded scheduler starts
// and dispatches it, no Inngest here). Then cancel and restart mid-campaign on a larger list:
// nothing is sent while it is cancelled, and every number still gets exactly one message.
const SHOTS = process.env.SHOTS_DIR;

async function pairDemoPhone(page: Page) {
  const sandbox = await demoSandboxConnection(page);
  await page.goto(`/sandbox/${sandbox.id}`);
  const status = page.getByTestId("sandbox-status");
  await expect(status.or(page.getByTestId("sandbox-qr")).first()).toBeVisible({ timeout: 20_000 });
  if ((await status.getAttribute("data-status")) !== "CONNECTED") {
    await expect(page.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
    await page.getByTestId("sandbox-scan").click();
  }
  await expect(status).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });
  return sandbox.id;
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext["post"]>>): Promise<T> {
  expect(res.status(), await res.text()).toBeLessThan(300);
  return (await res.json()) as T;
}

async function settings(api: APIRequestContext, s: { messageInterval: number; longerIntervalAfter: number; greaterInterval: number }) {
  await ok(await api.post("/api/campaign-settings", { data: { settings: { ...s, variables: [] } } }));
}

/** A contact list with these contacts, through the API: added one by one, or imported as a .csv. */
async function contactList(api: APIRequestContext, name: string, contacts: { name: string; number: string }[], how: "add" | "import" = "add") {
  const list = await ok<{ id: number }>(await api.post("/api/contact-lists", { data: { name } }));
  if (how === "add") {
    for (const c of contacts) await ok(await api.post("/api/contact-list-items", { data: { contactListId: list.id, name: c.name, number: c.number, email: "" } }));
  } else {
    const csv = ["name,number,email", ...contacts.map((c) => `${c.name},${c.number},`)].join("\n");
    const summary = await ok<{ created: number }>(
      await api.post(`/api/contact-lists/${list.id}/upload`, { multipart: { file: { name: "lista.csv", mimeType: "text/csv", buffer: Buffer.from(csv) } } }),
    );
    expect(summary.created).toBe(contacts.length);
  }
  return list.id;
}

/** Distinct numbers of this run (13 digits, never ending in 0000: the sandbox's "not on WhatsApp"). */
function numbers(n: number) {
  const base = 100000 + (Date.now() % 800000);
  return Array.from({ length: n }, (_, i) => `5521${String(base).padStart(6, "0")}${String(i + 1).padStart(3, "0")}`);
}

/** What the sandbox phone received from the connection, per number (the table the phone page reads). */
async function received(whatsappId: number, nums: string[]) {
  const rows = await getDb()
    .select({ number: sandboxMessages.number, body: sandboxMessages.body })
    .from(sandboxMessages)
    .where(and(eq(sandboxMessages.whatsappId, whatsappId), eq(sandboxMessages.direction, "out"), inArray(sandboxMessages.number, nums)));
  const by = new Map<string, string[]>();
  for (const r of rows) by.set(r.number, [...(by.get(r.number) ?? []), r.body]);
  return by;
}

/** A local date-time a few seconds ahead, as a datetime-local field gives it (the company's timezone reads it). */
function isoAhead(ms: number) {
  return new Date(Date.now() + ms).toISOString();
}

test("demo: three sandbox numbers get their one message each with {nome}; the report reaches FINALIZADA live", async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "admin@example.com", "admin123");
  const whatsappId = await pairDemoPhone(page);
  const api = page.request;
  await settings(api, { messageInterval: 0, longerIntervalAfter: 0, greaterInterval: 0 });
  const tag = randomBytes(3).toString("hex");
  const nums = numbers(3);
  const names = ["Ana", "Bruno", "Carla"];
  const listId = await contactList(api, `Demo ${tag}`, nums.map((number, i) => ({ name: names[i], number })));
  const campaign = await ok<{ id: number; status: string }>(
    await api.post("/api/campaigns", {
      data: { name: `Demo ${tag}`, message1: `Olá {nome}! Oferta ${tag} para o número {numero}.`, whatsappId, contactListId: listId, scheduledAt: isoAhead(8000) },
    }),
  );
  expect(campaign.status).toBe("PROGRAMADA");

  await page.goto(`/campaign/${campaign.id}/report`);
  const report = page.getByTestId("campaign-report");
  await expect(page.getByTestId("page-title")).toHaveText(`Relatório da Demo ${tag}`);
  await expect(page.getByTestId("campaign-report-status")).toHaveAttribute("data-status", "PROGRAMADA");
  await expect(page.getByTestId("campaign-report-validContacts-value")).toHaveText("3");
  await expect(page.getByTestId("campaign-report-completedAt-value")).toHaveText("Não concluída");
  // confirmation off: no confirmation cards
  await expect(page.getByTestId("campaign-report-confirmationRequested")).toHaveCount(0);
  await expect(page.getByTestId("campaign-report-connection-value")).toHaveText("Sandbox");
  await expect(page.getByTestId("campaign-report-contactList-value")).toHaveText(`Demo ${tag}`);

  // live, without reloading: started, then finished with 3 of 3
  await expect(report).toHaveAttribute("data-status", "FINALIZADA", { timeout: 60_000 });
  // 5 s after the live FINALIZADA the page reloads its data (router.refresh: the page's RSC request)
  const reloaded = page.waitForResponse((r) => r.url().includes(`/campaign/${campaign.id}/report`) && r.request().headers()["rsc"] === "1" && r.ok());
  await expect(page.getByTestId("campaign-report-status")).toHaveText("Finalizada");
  await expect(page.getByTestId("campaign-report-delivered-of-valid")).toHaveText("3 de 3");
  await expect(page.getByTestId("campaign-report-progress")).toHaveAttribute("aria-valuenow", "100");
  await expect(page.getByTestId("campaign-report-delivered-value")).toHaveText("3");
  await expect(page.getByTestId("campaign-report-completedAt-value")).not.toHaveText("Não concluída");
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/h5-report-finished.png` });

  // each number: exactly one message, its name and number filled (also on the phone's API)
  const got = await received(whatsappId, nums);
  for (const [i, n] of nums.entries()) expect(got.get(n)).toEqual([`Olá ${names[i]}! Oferta ${tag} para o número ${n}.`]);
  const phone = await (await api.get(`/api/sandbox/${whatsappId}/outbound?to=${nums[0]}`)).json();
  expect((phone.messages as { direction: string; body: string }[]).filter((m) => m.direction === "out").map((m) => m.body)).toEqual([
    `Olá Ana! Oferta ${tag} para o número ${nums[0]}.`,
  ]);
  // reloaded: still the same figures
  await reloaded;
  await expect(page.getByTestId("campaign-report-delivered-of-valid")).toHaveText("3 de 3");
});

test("cancel and restart mid-campaign: nothing goes out while cancelled, every number gets exactly one message", async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "admin@example.com", "admin123");
  const whatsappId = await pairDemoPhone(page);
  const api = page.request;
  // 10 at once, then a pause of 1 s (the shortest the settings offer): a campaign of 200 takes
  // about 20 s in twenty bursts, so a cancel after the second burst lands well before its end
  await settings(api, { messageInterval: 0, longerIntervalAfter: 10, greaterInterval: 1 });
  const tag = randomBytes(3).toString("hex");
  const nums = numbers(200);
  const listId = await contactList(api, `Grande ${tag}`, nums.map((number, i) => ({ name: `Cliente ${i + 1}`, number })), "import");
  const campaign = await ok<{ id: number }>(
    await api.post("/api/campaigns", { data: { name: `Grande ${tag}`, message1: `Oi {nome} (${tag})`, whatsappId, contactListId: listId, scheduledAt: isoAhead(3000) } }),
  );
  await page.goto(`/campaign/${campaign.id}/report`);
  const report = page.getByTestId("campaign-report");
  await expect(report).toHaveAttribute("data-status", "EM_ANDAMENTO", { timeout: 30_000 });
  // some delivered, not all
  await expect.poll(async () => sum(await received(whatsappId, nums)), { timeout: 30_000 }).toBeGreaterThanOrEqual(20);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/h5-report-running.png` });

  await ok(await api.post(`/api/campaigns/${campaign.id}/cancel`));
  await expect(report).toHaveAttribute("data-status", "CANCELADA");
  // a send already in the worker's hands may still land; then nothing more
  await page.waitForTimeout(1500);
  const atCancel = sum(await received(whatsappId, nums));
  expect(atCancel).toBeLessThan(200);
  // four would-be bursts' time: had the cancel not held, about 40 more would have gone out
  await page.waitForTimeout(4000);
  expect(sum(await received(whatsappId, nums))).toBe(atCancel);
  await expect(page.getByTestId("campaign-report-completedAt-value")).toHaveText("Não concluída");

  await ok(await api.post(`/api/campaigns/${campaign.id}/restart`));
  await expect(report).toHaveAttribute("data-status", "FINALIZADA", { timeout: 120_000 });
  await expect(page.getByTestId("campaign-report-delivered-of-valid")).toHaveText("200 de 200");
  const got = await received(whatsappId, nums);
  expect(got.size).toBe(200);
  for (const [i, n] of nums.entries()) expect(got.get(n)).toEqual([`Oi Cliente ${i + 1} (${tag})`]);
  const [dups] = (await getDb().execute(sql`
    select count(*)::int as n from (select number from sandbox_messages where whatsapp_id = ${whatsappId} and direction = 'out' and body like ${`%(${tag})`} group by number having count(*) > 1) d
  `)) as unknown as { n: number }[];
  expect(dups.n).toBe(0);
});

test("the report of another company's campaign, or of an id that is no campaign, is not found", async ({ page }) => {
  test.setTimeout(120_000);
  const other = await createE2eTenant();
  const [theirs] = await getDb().insert(campaigns).values({ companyId: other.company.id, name: "Alheia", message1: "Oi" }).returning();
  await signIn(page, "admin@example.com", "admin123");
  for (const path of [`/campaign/${theirs.id}/report`, "/campaign/abc/report", "/campaign/99999999999/report"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByText("404")).toBeVisible();
    await expect(page.getByTestId("campaign-report")).toHaveCount(0);
  }
  // its own admin sees it
  const own = await page.context().browser()!.newContext();
  const ownPage = await own.newPage();
  await signIn(ownPage, other.admin.email, other.admin.password, `/campaign/${theirs.id}/report`);
  await expect(ownPage.getByTestId("page-title")).toHaveText("Relatório da Alheia");
  await expect(ownPage.getByTestId("campaign-report-scheduledAt-value")).toHaveText("Sem agendamento");
  await expect(ownPage.getByTestId("campaign-report-contactList-value")).toHaveText("Não definida");
  await own.close();
});

const sum = (by: Map<string, string[]>) => [...by.values()].reduce((n, v) => n + v.length, 0);
