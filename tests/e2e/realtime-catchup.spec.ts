import { expect, test, conversationPane } from "./fixtures";
import { apiHeaders, createTicketsTenant, inbound, openAs, pairByApi } from "./tickets-setup";

// Live updates right after a page load (issue 12 §4): an event published between the server
// render and the realtime subscriptions is not delivered to anyone. Every live view fetches what
// changed once its channels are subscribed. The realtime authorisation is held here until the
// customer's message is stored, so the message is always published before the subscriptions
// exist (a real page load only sometimes loses that race).

type Listed = { id: number; uuid: string; contact: { name: string } };

test("a message stored before the subscriptions succeed shows in the conversation and the list", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = await createTicketsTenant();
  const admin = await apiHeaders(request, t.admin.email, t.admin.password);
  await pairByApi(request, admin, t.conn.id);
  const number = "5511955554444";
  const name = "Carla Souza";
  const first = "Bom dia, meu pedido não chegou";
  const next = `Número do pedido ${Date.now() % 100000}`;

  // the customer picks Suporte in the bot's menu; the agent of Suporte accepts (through the API)
  const agent = await openAs(browser, t.agent.email, t.agent.password);
  await inbound(request, admin, t.conn.id, number, name, first);
  await expect
    .poll(async () => (await (await request.get(`/api/sandbox/${t.conn.id}/outbound?to=${number}`, { headers: admin })).json()).messages.length, {
      timeout: 15_000,
    })
    .toBeGreaterThanOrEqual(1);
  await inbound(request, admin, t.conn.id, number, name, "1");
  let ticket: Listed | undefined;
  await expect
    .poll(
      async () => {
        const page = await (await agent.request.get("/api/tickets?status=pending&showAll=false&pageNumber=1")).json();
        ticket = (page.tickets as (Listed & { queueId: number | null })[]).find((x) => x.contact.name === name && x.queueId === t.suporte.id);
        return Boolean(ticket);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect((await agent.request.put(`/api/tickets/${ticket!.id}`, { data: { status: "open" } })).status()).toBe(200);

  // the realtime authorisation waits until the next message is stored
  let release!: () => void;
  const stored = new Promise<void>((resolve) => (release = resolve));
  let held = 0;
  await agent.route("**/api/realtime/auth", async (route) => {
    held++;
    await stored;
    await route.continue();
  });

  await agent.goto(`/tickets/${ticket!.uuid}`);
  const conversation = conversationPane(agent);
  // a loaded machine may take long to hydrate; the race is made by the held authorisation, not by time
  await expect(conversation.getByTestId("message").filter({ hasText: first })).toBeVisible({ timeout: 30_000 });
  await expect.poll(() => held).toBeGreaterThan(0);

  // at once, the customer's next message; stored (read as the admin, who does not mark it read)
  await inbound(request, admin, t.conn.id, number, name, next);
  await expect
    .poll(
      async () => {
        const page = await (await request.get(`/api/messages/${ticket!.id}?pageNumber=1`, { headers: admin })).json();
        return (page.messages as { body: string }[]).some((m) => m.body === next);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  release();

  // without a reload: in the conversation once, and as the preview of the ticket's row
  await expect(conversation.getByTestId("message").filter({ hasText: next })).toHaveCount(1, { timeout: 20_000 });
  await expect(conversation.getByTestId("message").filter({ hasText: first })).toHaveCount(1);
  await expect(agent.getByTestId("ticket-list").getByTestId(`ticket-${ticket!.id}`).getByTestId("ticket-last-message")).toHaveText(next, { timeout: 20_000 });
  await agent.screenshot({ path: test.info().outputPath("caught-up.png") });

  // and live events keep coming once subscribed
  const later = "Ainda estou aguardando";
  await inbound(request, admin, t.conn.id, number, name, later);
  await expect(conversation.getByTestId("message").filter({ hasText: later })).toHaveCount(1, { timeout: 20_000 });
  await expect(agent.getByTestId("ticket-list").getByTestId(`ticket-${ticket!.id}`).getByTestId("ticket-last-message")).toHaveText(later, { timeout: 20_000 });

  await agent.context().close();
});
