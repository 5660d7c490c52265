import { expect, test, conversationPane } from "./fixtures";
import { addAgent, apiHeaders, createTicketsTenant, inbound, openAs, pairByApi } from "./tickets-setup";

// spec core §2 "Ticket manager" and §5: the lists of every agent follow a ticket live (one agent
// accepting takes it out of the other's pending list), and an agent outside the ticket's queue
// who opens its address gets "Acesso não permitido" and is back on /tickets; the API refuses too.

test("an accept leaves the other agent's pending list live; an outsider is refused the ticket", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = await createTicketsTenant();
  const colleague = await addAgent(t.company.id, "Colega", t.suporte.id);
  const adminHeaders = await apiHeaders(request, t.admin.email, t.admin.password);
  await pairByApi(request, adminHeaders, t.conn.id);

  const first = await openAs(browser, t.agent.email, t.agent.password);
  const second = await openAs(browser, colleague.email, colleague.password);
  for (const page of [first, second]) await page.getByTestId("tab-pending").click();

  // a customer writes and picks Suporte (1) from the menu
  const number = "5511977776666";
  await inbound(request, adminHeaders, t.conn.id, number, "Maria Souza", "Bom dia");
  await expect
    .poll(async () => (await (await request.get(`/api/sandbox/${t.conn.id}/outbound?to=${number}`, { headers: adminHeaders })).json()).messages.length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(2); // the customer's message and the bot's menu
  await inbound(request, adminHeaders, t.conn.id, number, "Maria Souza", "1");

  // both Suporte agents see it waiting, live
  const rowFor = (page: typeof first) => page.getByTestId("ticket-list").locator("li[data-status]", { hasText: "Maria Souza" });
  for (const page of [first, second]) {
    await expect(rowFor(page).getByTestId("ticket-queue")).toHaveText("Suporte", { timeout: 15_000 });
  }
  const pendingBefore = Number(await second.getByTestId("tab-pending-count").textContent());
  expect(pendingBefore).toBeGreaterThanOrEqual(1);

  await rowFor(first).getByTestId("ticket-accept").click();
  await first.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  const uuid = first.url().split("/").pop()!;
  await expect(conversationPane(first)).toHaveAttribute("data-status", "open");
  // the accepting agent's own "Atendendo" tab now holds it
  await expect(first.getByTestId("tab-open-count")).toHaveText("1");

  // the other agent's pending list loses it without a reload, and its count follows
  await expect(rowFor(second)).toHaveCount(0);
  await expect(second.getByTestId("tab-pending-count")).toHaveText(String(pendingBefore - 1));

  // the Vendas agent may not open a Suporte ticket: refused on the page and by the API
  const outsider = await openAs(browser, t.agent2.email, t.agent2.password);
  await outsider.goto(`/tickets/${uuid}`);
  await expect(outsider.getByText("Acesso não permitido").first()).toBeVisible();
  await outsider.waitForURL(/\/tickets$/);
  await expect(outsider.getByTestId("ticket-conversation")).toHaveCount(0);
  const refused = await outsider.request.get(`/api/tickets/u/${uuid}`);
  expect(refused.status()).toBe(403);
  expect((await refused.json()).error).toBe("ERR_NO_PERMISSION");

  await Promise.all([first, second, outsider].map((p) => p.context().close()));
});
