import type { Page } from "@playwright/test";
import { expect, test, conversationPane } from "./fixtures";
import { createTicketsTenant, customerSays, GREETING, openAs, pairPhone, QUICK, samplePng } from "./tickets-setup";

// Issue 7's agent day (spec core §2 "Ticket manager" / "Ticket conversation", §4 transitions): a
// customer writes on the sandbox phone and picks a queue from the bot's menu; the queue's agent
// sees it arrive live, accepts, answers with text, an image, a quick answer and a voice note; the
// customer's phone shows them; the ticket is transferred to another queue, whose agent accepts
// and resolves it, then reopens it from the closed tab.

const UUID_URL = /\/tickets\/[0-9a-f-]{36}$/;
const LIST_URL = /\/tickets$/;

/** The row of the customer's ticket in the list the page shows now. */
const rowOf = (page: Page) => page.getByTestId("ticket-list").locator("li[data-status]", { hasText: "Cliente Teste" });
const conversationMessage = (page: Page, text: string) => page.getByTestId("message").filter({ hasText: text });

test("customer to agent and back: queue menu, accept, replies, transfer, resolve, reopen", async ({ browser }) => {
  test.setTimeout(180_000);
  const t = await createTicketsTenant();
  const phone = await openAs(browser, t.admin.email, t.admin.password);
  const agent = await openAs(browser, t.agent.email, t.agent.password);
  const seller = await openAs(browser, t.agent2.email, t.agent2.password);
  // what the agent's page went through, printed should a step below fail in CI
  agent.on("framenavigated", (f) => f === agent.mainFrame() && console.log(`[agent page] navigated to ${f.url()}`));
  agent.on("console", (m) => m.type() === "error" && console.log(`[agent console] ${m.text()}`));
  await agent.getByTestId("tab-pending").click();
  await seller.getByTestId("tab-pending").click();
  await pairPhone(phone, t.conn.id);
  const onPhone = phone.getByTestId("sandbox-messages");

  // the customer writes; the bot answers with the greeting and the numbered queues
  await customerSays(phone, "Olá, preciso de ajuda");
  await expect(onPhone).toContainText(GREETING, { timeout: 15_000 });
  await expect(onPhone).toContainText("*[ 1 ]* - Suporte");
  await expect(onPhone).toContainText("*[ 2 ]* - Vendas");
  await customerSays(phone, "1");

  // the Suporte agent sees it arrive live among the pending tickets, in Suporte
  const row = rowOf(agent);
  await expect(row.getByTestId("ticket-queue")).toHaveText("Suporte", { timeout: 15_000 });
  await expect(row).toHaveAttribute("data-status", "pending");
  await expect(row.getByTestId("ticket-contact")).toHaveText("Cliente Teste");
  // the Vendas agent does not: the ticket is in a queue of theirs no longer (or never)
  await expect(rowOf(seller)).toHaveCount(0);

  await row.getByTestId("ticket-accept").click();
  await agent.waitForURL(UUID_URL);
  const uuid = agent.url().split("/").pop()!;
  const conversation = conversationPane(agent);
  await expect(conversation).toHaveAttribute("data-status", "open");
  await expect(conversationMessage(agent, "Olá, preciso de ajuda")).toBeVisible();
  await expect(agent.getByTestId("message").filter({ has: agent.getByText("1", { exact: true }) })).toHaveCount(1);

  // a text reply (Enter): on the customer's phone, signed with the agent's name
  const input = agent.getByTestId("message-input");
  await input.fill("Vou verificar agora mesmo.");
  await input.press("Enter");
  await expect(input).toHaveValue("");
  await expect(conversationMessage(agent, "Vou verificar agora mesmo.")).toHaveAttribute("data-from-me", "true");
  await expect(onPhone).toContainText("Vou verificar agora mesmo.", { timeout: 15_000 });

  // an image through the attachment input
  await agent.getByTestId("attach-input").setInputFiles({ name: "comprovante.png", mimeType: "image/png", buffer: samplePng() });
  await expect(agent.getByTestId("attachments")).toContainText("comprovante.png");
  await agent.getByTestId("send-message").click();
  await expect(agent.getByTestId("message-image")).toHaveCount(1);
  const phoneImage = onPhone.locator("img");
  await expect(phoneImage).toBeVisible({ timeout: 15_000 });
  await expect.poll(() => phoneImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(64);

  // a quick answer: "/" and part of the shortcode, picked from the suggestions, then sent
  await input.fill(`/${QUICK.shortcode.slice(0, 4)}`);
  const suggestions = agent.getByTestId("quick-answers");
  await expect(suggestions).toBeVisible();
  await suggestions.getByRole("option", { name: new RegExp(`/${QUICK.shortcode}`) }).locator("button").click();
  await expect(input).toHaveValue(QUICK.message);
  await input.press("Enter");
  await expect(conversationMessage(agent, QUICK.message)).toBeVisible();
  await expect(onPhone).toContainText(QUICK.message, { timeout: 15_000 });

  // a voice note from Chromium's fake microphone, encoded to MP3 in the browser
  await agent.getByTestId("audio-record").click();
  await expect(agent.getByTestId("audio-recording")).toBeVisible();
  await agent.waitForTimeout(2_500); // a recording long enough to pass the 10000-byte floor
  await agent.getByTestId("audio-send").click();
  await expect(agent.getByTestId("message-audio")).toHaveCount(1, { timeout: 15_000 });
  // checked through the agent's own session (an API login would end the browser's session)
  const ticket = await (await agent.request.get(`/api/tickets/u/${uuid}`)).json();
  const { messages } = await (await agent.request.get(`/api/messages/${ticket.id}`)).json();
  const audio = messages.find((m: { mediaType: string | null }) => m.mediaType === "audio");
  expect(audio?.fromMe).toBe(true);
  expect(audio?.mediaUrl).toMatch(/\.mp3$/);
  const file = await agent.request.get(audio.mediaUrl);
  expect(file.headers()["content-type"]).toContain("audio/mpeg");
  expect((await file.body()).length).toBeGreaterThanOrEqual(10_000);
  await expect(onPhone).toContainText(".mp3", { timeout: 15_000 });

  // transfer to Vendas without a user: pending there, so the agent goes back to the list
  await agent.getByTestId("ticket-options").click();
  await agent.getByTestId("ticket-transfer").click();
  const dialog = agent.getByTestId("transfer-dialog");
  await expect(dialog).toBeVisible();
  await dialog.getByTestId("transfer-queue").click();
  await agent.getByRole("option", { name: "Vendas" }).click();
  await dialog.getByTestId("transfer-submit").click();
  await agent.waitForURL(LIST_URL);

  // the Vendas agent's open list shows it live; they accept and then resolve it
  const sellerRow = rowOf(seller);
  await expect(sellerRow.getByTestId("ticket-queue")).toHaveText("Vendas", { timeout: 15_000 });
  await expect(sellerRow).toHaveAttribute("data-status", "pending");
  await sellerRow.getByTestId("ticket-accept").click();
  await seller.waitForURL(`**/tickets/${uuid}`);
  await expect(conversationPane(seller)).toHaveAttribute("data-status", "open");
  await expect(conversationMessage(seller, QUICK.message)).toBeVisible();
  await seller.getByTestId("conversation-header").getByTestId("ticket-resolve").click();
  await seller.waitForURL(LIST_URL);

  // in the closed tab ("Resolvidos"), Reabrir opens it again
  await seller.getByTestId("tickets-tab-closed").click();
  const closedRow = rowOf(seller);
  await expect(closedRow).toHaveAttribute("data-status", "closed");
  await closedRow.getByTestId("ticket-reopen").click();
  await seller.waitForURL(`**/tickets/${uuid}`);
  await expect(conversationPane(seller)).toHaveAttribute("data-status", "open");
  await expect(conversationMessage(seller, "Vou verificar agora mesmo.")).toBeVisible();
  await expect(seller.getByTestId("message-input")).toBeVisible();

  await Promise.all([phone, agent, seller].map((p) => p.context().close()));
});
