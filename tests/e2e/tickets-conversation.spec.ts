import fs from "node:fs";
import { getDb } from "@/db";
import { tags } from "@/db/schema";
import { expect, test } from "./fixtures";
import { apiHeaders, createTicketsTenant, inbound, openAs, pairByApi } from "./tickets-setup";

// The conversation's tools (spec core §2 "Ticket conversation"): reply quoting a message, delete
// an own message after confirming, tags, ticket notes in the contact drawer, and returning the
// ticket to the queue. The customer's side is read through the sandbox API. A customer's HTML is
// drawn by the one formatter in the conversation and in the admin's peek alike (issue 34).

type PhoneMessage = { direction: "in" | "out"; body: string; mediaType: string | null; quotedId: string | null };

test("reply, delete, tags, notes and return to the queue", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = await createTicketsTenant();
  await getDb().insert(tags).values({ companyId: t.company.id, name: "VIP", color: "#f59e0b" });
  let admin = await apiHeaders(request, t.admin.email, t.admin.password);
  await pairByApi(request, admin, t.conn.id);
  const number = "5511966665555";
  const phoneMessages = async (): Promise<PhoneMessage[]> =>
    (await (await request.get(`/api/sandbox/${t.conn.id}/outbound?to=${number}`, { headers: admin })).json()).messages;

  const agent = await openAs(browser, t.agent.email, t.agent.password);
  await agent.getByTestId("tab-pending").click();
  await inbound(request, admin, t.conn.id, number, "João Lima", "Preciso de um orçamento");
  await expect.poll(async () => (await phoneMessages()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(2);
  await inbound(request, admin, t.conn.id, number, "João Lima", "1");
  const row = agent.getByTestId("ticket-list").locator("li[data-status]", { hasText: "João Lima" });
  await expect(row.getByTestId("ticket-queue")).toHaveText("Suporte", { timeout: 15_000 });
  await row.getByTestId("ticket-accept").click();
  await agent.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  const uuid = agent.url().split("/").pop()!;

  // reply quoting the customer's message: the bubble shows the quote, the phone gets it quoted
  const question = agent.getByTestId("message").filter({ hasText: "Preciso de um orçamento" });
  await question.hover();
  await question.getByTestId("message-menu").click();
  await agent.getByTestId("message-reply").click();
  await expect(agent.getByTestId("reply-preview")).toContainText("Preciso de um orçamento");
  const input = agent.getByTestId("message-input");
  await input.fill("Claro, segue o orçamento.");
  await input.press("Enter");
  await expect(agent.getByTestId("reply-preview")).toHaveCount(0);
  const answer = agent.getByTestId("message").filter({ hasText: "Claro, segue o orçamento." });
  await expect(answer.getByTestId("quoted-message")).toContainText("Preciso de um orçamento");
  await expect
    .poll(async () => (await phoneMessages()).find((m) => m.body.includes("Claro, segue o orçamento."))?.quotedId ?? null, { timeout: 15_000 })
    .not.toBeNull();

  // the customer's HTML and WhatsApp markup: bold, no javascript: link, the same in the admin's peek
  await inbound(request, admin, t.conn.id, number, "João Lima", '<b>oi</b> <a href="javascript:alert(1)">clique</a> *negrito*');
  const formatted = agent.getByTestId("message").filter({ hasText: "negrito" });
  await expect(formatted.locator("strong", { hasText: /^oi$/ })).toBeVisible();
  await expect(formatted.locator("strong", { hasText: /^negrito$/ })).toBeVisible();
  await expect(formatted.locator("a")).toHaveCount(0);
  const shots = process.env.E2E_SHOTS_DIR;
  if (shots) fs.mkdirSync(shots, { recursive: true });
  if (shots) await agent.screenshot({ path: `${shots}/conversation.png` });
  const boss = await openAs(browser, t.admin.email, t.admin.password);
  await boss.getByTestId("ticket-list").locator("li[data-status]", { hasText: "João Lima" }).getByTestId("ticket-peek").click();
  const peeked = boss.getByTestId("peek-dialog").getByTestId("peek-message").filter({ hasText: "negrito" });
  await expect(peeked.locator("strong", { hasText: /^oi$/ })).toBeVisible();
  await expect(peeked.locator("strong", { hasText: /^negrito$/ })).toBeVisible();
  await expect(peeked.locator("a")).toHaveCount(0);
  await expect(peeked.getByTestId("message-body")).toHaveText(await formatted.getByTestId("message-body").innerText());
  if (shots) await boss.screenshot({ path: `${shots}/peek.png` });
  await boss.context().close();
  // one session per user: the admin's sign-in in the browser ended the API token's
  admin = await apiHeaders(request, t.admin.email, t.admin.password);

  // delete an own message after confirming: marked deleted here and on the phone
  await input.fill("Mensagem enviada por engano");
  await input.press("Enter");
  const mistake = agent.getByTestId("message").filter({ hasText: "Mensagem enviada por engano" });
  await expect(mistake).toBeVisible();
  await expect.poll(async () => (await phoneMessages()).some((m) => m.body.includes("Mensagem enviada por engano")), { timeout: 15_000 }).toBe(true);
  const ownCount = await agent.locator('[data-testid="message"][data-from-me="true"]').count();
  await mistake.hover();
  await mistake.getByTestId("message-menu").click();
  await agent.getByTestId("message-delete").click();
  await agent.getByTestId("delete-message-dialog").getByTestId("confirm-button").click();
  await expect(agent.getByTestId("message-deleted")).toHaveCount(1);
  await expect(agent.locator('[data-testid="message"][data-from-me="true"]')).toHaveCount(ownCount);
  await expect.poll(async () => (await phoneMessages()).filter((m) => m.mediaType === "deleted").length, { timeout: 15_000 }).toBe(1);

  // a tag from the picker: on the ticket and on its row in the list
  await agent.getByTestId("add-tag").click();
  await agent.getByRole("option", { name: "VIP" }).locator("button").click();
  await expect(agent.getByTestId("ticket-tags").getByTestId("ticket-tag")).toHaveText("VIP");
  await agent.keyboard.press("Escape");
  await agent.getByTestId("tab-open").click();
  await expect(agent.getByTestId("ticket-list").locator("li[data-status]", { hasText: "João Lima" })).toContainText("VIP");

  // a note in the contact drawer, then deleted
  await agent.getByTestId("toggle-contact-drawer").click();
  const drawer = agent.getByTestId("contact-drawer");
  await expect(drawer).toBeVisible();
  await drawer.getByTestId("note-input").fill("Cliente prefere contato à tarde");
  await drawer.getByTestId("note-add").click();
  await expect(agent.getByText("Observação adicionada com sucesso!").first()).toBeVisible();
  await expect(drawer.getByTestId("ticket-note")).toContainText("Cliente prefere contato à tarde");
  await drawer.getByTestId("note-delete").click();
  await agent.getByTestId("delete-note-dialog").getByTestId("confirm-button").click();
  await expect(agent.getByText("Observação excluída com sucesso!").first()).toBeVisible();
  await expect(drawer.getByTestId("ticket-note")).toHaveCount(0);

  // return to the queue: pending with no agent, and the agent is back on the list
  await agent.getByTestId("ticket-return").click();
  await agent.waitForURL(/\/tickets$/);
  await agent.getByTestId("tab-pending").click();
  const waiting = agent.getByTestId("ticket-list").locator("li[data-status]", { hasText: "João Lima" });
  await expect(waiting).toHaveAttribute("data-status", "pending");
  await expect(waiting.getByTestId("ticket-user")).toHaveCount(0);
  const back = await (await agent.request.get(`/api/tickets/u/${uuid}`)).json();
  expect(back).toMatchObject({ status: "pending", userId: null, queueId: t.suporte.id });

  await agent.context().close();
});
