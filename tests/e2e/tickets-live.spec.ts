import { randomBytes } from "node:crypto";
import { getDb } from "@/db";
import { contacts, messages, tickets } from "@/db/schema";
import { conversationPane, createE2eTenant, expect, subscribed, test } from "./fixtures";
import { signIn } from "./sign-in";

// Issue 34 §1: what an admin changes reaches the agent's open pages without a reload (a contact's
// name in the list, the conversation header and the contact drawer; the agent's own name in the
// greeting and the signature), and a list or a conversation that fails to load says so, keeps
// what it showed and offers a retry (spec core §8 toasts).

/** Two open tickets without a queue or connection, one the agent's and one the admin's, with a message each. */
async function seed(companyId: number, agentId: number, adminId: number) {
  const db = getDb();
  const tag = randomBytes(3).toString("hex");
  const [maria, joao] = await db
    .insert(contacts)
    .values([
      { companyId, name: `Maria ${tag}`, number: `55118${Date.now() % 1e8}` },
      { companyId, name: `João ${tag}`, number: `55117${Date.now() % 1e8}` },
    ])
    .returning();
  const [mine, theirs] = await db
    .insert(tickets)
    .values([
      { companyId, contactId: maria.id, status: "open", userId: agentId, lastMessage: "Oi" },
      { companyId, contactId: joao.id, status: "open", userId: adminId, lastMessage: "Bom dia" },
    ])
    .returning();
  await db.insert(messages).values([
    { companyId, ticketId: mine.id, wid: `E2E${tag}A`, body: "Oi", fromMe: false },
    { companyId, ticketId: theirs.id, wid: `E2E${tag}B`, body: "Bom dia", fromMe: false },
  ]);
  return { maria, mine, theirs, tag };
}

test("a contact and an agent renamed by the admin show at once on the agent's list, conversation, greeting and signature", async ({ browser }) => {
  const t = await createE2eTenant();
  const { maria, mine, tag } = await seed(t.company.id, t.agent.id, t.admin.id);
  const [agentCtx, adminCtx] = await Promise.all([1, 2].map(() => browser.newContext({ viewport: { width: 1400, height: 900 } })));
  const [agent, admin] = await Promise.all([agentCtx.newPage(), adminCtx.newPage()]);
  // the agent's page holds the company channel (contacts) and its own (its name) before the changes
  const listening = Promise.all([
    subscribed(agent, new RegExp(`^private-company-${t.company.id}$`)),
    subscribed(agent, new RegExp(`^private-company-${t.company.id}-user-${t.agent.id}$`)),
  ]);
  await signIn(agent, t.agent.email, t.agent.password, `/tickets/${mine.uuid}`);
  await agent.getByTestId("toggle-contact-drawer").click();
  await expect(agent.getByTestId("drawer-contact-name")).toHaveText(maria.name);
  await listening;
  await signIn(admin, t.admin.email, t.admin.password, "/api/version");

  const contactName = `Maria Renomeada ${tag}`;
  const agentName = `Agente Renomeado ${tag}`;
  expect((await admin.request.put(`/api/contacts/${maria.id}`, { data: { name: contactName } })).status()).toBe(200);
  expect((await admin.request.put(`/api/users/${t.agent.id}`, { data: { name: agentName } })).status()).toBe(200);

  await expect(agent.getByTestId(`ticket-${mine.id}`).getByTestId("ticket-contact")).toHaveText(contactName);
  await expect(conversationPane(agent).getByTestId("header-contact-name")).toContainText(contactName);
  await expect(agent.getByTestId("drawer-contact-name")).toHaveText(contactName);
  await expect(agent.getByTestId("greeting")).toContainText(agentName);
  await agent.screenshot({ path: test.info().outputPath("live-renames.png") });

  // the signature carries the new name (the ticket has no connection: the send is answered here)
  let sent = "";
  await agent.route(`**/api/messages/${mine.id}`, async (route) => {
    sent = (route.request().postDataJSON() as { body: string }).body;
    await route.fulfill({ json: { messages: [] } });
  });
  await agent.getByTestId("message-input").fill("Tudo certo?");
  await agent.getByTestId("message-input").press("Enter");
  await expect.poll(() => sent).toBe(`*${agentName}*:\nTudo certo?`);
  await Promise.all([agentCtx.close(), adminCtx.close()]);
});

test("a list or a conversation that fails to load shows the notice, keeps what it showed and loads on retry", async ({ browser }) => {
  const t = await createE2eTenant();
  const { mine, theirs } = await seed(t.company.id, t.agent.id, t.admin.id);
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const admin = await ctx.newPage();
  let reads = 0;
  admin.on("response", (r) => void (new URL(r.url()).pathname === "/api/tickets" && reads++));
  await signIn(admin, t.admin.email, t.admin.password);
  const list = admin.getByTestId("ticket-list");
  // an admin's lists start showing every ticket (show all)
  await expect(list.getByTestId(`ticket-${mine.id}`)).toBeVisible();
  await expect(list.getByTestId(`ticket-${theirs.id}`)).toBeVisible();
  // the open and pending lists caught up once subscribed: what fails below is the filter's own load
  await expect.poll(() => reads).toBeGreaterThanOrEqual(2);

  // "show all" turned off reloads the lists, and the server fails them
  const failing = (url: URL) => url.pathname === "/api/tickets";
  await admin.route(failing, (route) => route.fulfill({ status: 500, json: { error: "ERR_INTERNAL" } }));
  await admin.getByTestId("tickets-show-all").click();
  await expect(admin.getByTestId("tickets-show-all")).toHaveAttribute("data-state", "unchecked");
  await expect(admin.getByText("Erro ao buscar informações dos tickets").first()).toBeVisible();
  await expect(admin.getByTestId("ticket-list-retry")).toBeVisible();
  await expect(list.getByTestId(`ticket-${mine.id}`)).toBeVisible();
  await expect(list.getByTestId(`ticket-${theirs.id}`)).toBeVisible();
  await expect(list.getByTestId("ticket-list-empty")).toHaveCount(0);
  await admin.screenshot({ path: test.info().outputPath("list-failed.png") });
  await admin.unroute(failing);
  await admin.getByTestId("ticket-list-retry").click();
  await expect(list.getByTestId(`ticket-${mine.id}`)).toHaveCount(0); // the admin's own tickets now
  await expect(list.getByTestId(`ticket-${theirs.id}`)).toBeVisible();
  await expect(admin.getByTestId("ticket-list-retry")).toHaveCount(0);

  // the conversation's messages fail the same way, then load on retry
  const messagesOf = (url: URL) => url.pathname === `/api/messages/${theirs.id}`;
  await admin.route(messagesOf, (route) => route.fulfill({ status: 500, json: { error: "ERR_INTERNAL" } }));
  await list.getByTestId(`ticket-${theirs.id}`).getByTestId("ticket-open").click();
  const conversation = conversationPane(admin);
  await expect(admin.getByText("Erro ao obter informações da conversa").first()).toBeVisible();
  await expect(conversation.getByTestId("message-list-retry")).toBeVisible();
  await admin.screenshot({ path: test.info().outputPath("conversation-failed.png") });
  await admin.unroute(messagesOf);
  await conversation.getByTestId("message-list-retry").click();
  await expect(conversation.getByTestId("message").filter({ hasText: "Bom dia" })).toBeVisible();
  await ctx.close();
});
