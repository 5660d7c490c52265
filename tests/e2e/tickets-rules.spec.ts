import { eq } from "drizzle-orm";
import { getDb } from "@/db";
import { users } from "@/db/schema";
import { expect, test, conversationPane } from "./fixtures";
import { apiHeaders, createTicketsTenant, inbound, openAs, pairByApi } from "./tickets-setup";

// Issue 12 (lib/tickets/ticket-rules.ts): what a user is shown, they may do. An allTicket agent of
// another queue accepts a waiting Suporte ticket from their pending list and it opens as theirs;
// the Suporte agent then sees that conversation read only: no Finalizar, no tag editor, no input.

test("an allTicket agent accepts another queue's pending ticket; a colleague sees it read only", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = await createTicketsTenant();
  await getDb().update(users).set({ allTicket: "enable" }).where(eq(users.id, t.agent2.id));
  const adminHeaders = await apiHeaders(request, t.admin.email, t.admin.password);
  await pairByApi(request, adminHeaders, t.conn.id);

  const seller = await openAs(browser, t.agent2.email, t.agent2.password);
  const support = await openAs(browser, t.agent.email, t.agent.password);
  await seller.getByTestId("tab-pending").click();

  // a customer writes and picks Suporte (1) from the menu
  const number = "5511966665555";
  await inbound(request, adminHeaders, t.conn.id, number, "Joana Lima", "Bom dia");
  await expect
    .poll(async () => (await (await request.get(`/api/sandbox/${t.conn.id}/outbound?to=${number}`, { headers: adminHeaders })).json()).messages.length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(2);
  await inbound(request, adminHeaders, t.conn.id, number, "Joana Lima", "1");

  // the Vendas agent with allTicket is shown it waiting in Suporte, with Accept and Finalizar
  const row = seller.getByTestId("ticket-list").locator("li[data-status]", { hasText: "Joana Lima" });
  await expect(row.getByTestId("ticket-queue")).toHaveText("Suporte", { timeout: 15_000 });
  await expect(row.getByTestId("ticket-resolve")).toBeVisible();
  await row.getByTestId("ticket-accept").click();
  await seller.waitForURL(/\/tickets\/[0-9a-f-]{36}$/);
  const uuid = seller.url().split("/").pop()!;
  await expect(conversationPane(seller)).toHaveAttribute("data-status", "open");
  await expect(seller.getByTestId("message-input")).toBeVisible();

  // the Suporte agent may open it (their queue) but not write in it or change it
  await support.goto(`/tickets/${uuid}`);
  await expect(conversationPane(support)).toHaveAttribute("data-status", "open");
  await expect(support.getByTestId("locked-other")).toBeVisible();
  await expect(support.getByTestId("message-input")).toHaveCount(0);
  await expect(support.getByTestId("conversation-header").getByTestId("ticket-resolve")).toHaveCount(0);
  await expect(support.getByTestId("conversation-header").getByTestId("ticket-return")).toHaveCount(0);
  await expect(support.getByTestId("add-tag")).toHaveCount(0);

  await Promise.all([seller, support].map((p) => p.context().close()));
});
