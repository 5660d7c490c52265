import { randomBytes } from "node:crypto";
import { getDb } from "@/db";
import { whatsapps } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// The demo's promise: pair the sandbox connection, a customer writes, the agent sees the ticket
// live, and a reply sent through the API reaches the phone with its ticks.
test("sandbox pairing and a round trip between the customer's phone and the agent", async ({ browser, request }) => {
  const t = await createE2eTenant();
  const [conn] = await getDb()
    .insert(whatsapps)
    .values({ companyId: t.company.id, name: `Sandbox ${randomBytes(3).toString("hex")}`, provider: "sandbox", isDefault: true, sessionRequest: "start", sessionRequestedAt: new Date() })
    .returning();

  const [adminCtx, agentCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const agent = await agentCtx.newPage();
  await signIn(agent, t.agent.email, t.agent.password);
  await agent.getByTestId("tab-pending").click();

  const phone = await adminCtx.newPage();
  await signIn(phone, t.admin.email, t.admin.password, `/sandbox/${conn.id}`);
  await expect(phone.getByTestId("sandbox-qr")).toBeVisible({ timeout: 20_000 });
  await phone.getByTestId("sandbox-scan").click();
  await expect(phone.getByTestId("sandbox-status")).toHaveAttribute("data-status", "CONNECTED", { timeout: 15_000 });

  const text = `Olá, preciso de ajuda ${Date.now() % 10000}`;
  await phone.getByTestId("sandbox-input").fill(text);
  await phone.getByTestId("sandbox-send").click();

  // the agent sees the new ticket without refreshing
  const item = agent.getByTestId("ticket-list").locator("li", { hasText: text });
  await expect(item).toBeVisible({ timeout: 15_000 });
  await expect(item.getByTestId("ticket-contact")).toHaveText("Cliente Teste");

  // a reply through the API reaches the phone with its ticks
  const login = await request.post("/api/auth/login", { data: { email: t.agent.email, password: t.agent.password } });
  const { token } = await login.json();
  const headers = { Authorization: `Bearer ${token}` };
  const list = await (await request.get("/api/tickets?status=pending", { headers })).json();
  const ticket = list.tickets.find((x: { lastMessage: string }) => x.lastMessage === text);
  expect(ticket).toBeTruthy();
  // agents write only in their own open tickets: the agent takes it first
  const accepted = await request.put(`/api/tickets/${ticket.id}`, { headers, data: { status: "open", userId: t.agent.id } });
  expect(accepted.status()).toBe(200);
  const reply = await request.post(`/api/messages/${ticket.id}`, { headers, data: { body: "Claro! Como posso ajudar?" } });
  expect(reply.status()).toBe(200);
  const bubble = phone.getByTestId("sandbox-messages").locator("div", { hasText: "Claro! Como posso ajudar?" }).last();
  await expect(bubble).toBeVisible({ timeout: 15_000 });
  await expect(bubble.locator("[data-ack]")).toHaveAttribute("data-ack", "2");
  // the customer reads it: the agent's message is marked read (3)
  await phone.getByTestId("sandbox-read").click();
  await expect(bubble.locator("[data-ack]")).toHaveAttribute("data-ack", "3");
  await expect
    .poll(async () => {
      const msgs = await (await request.get(`/api/messages/${ticket.id}`, { headers })).json();
      return msgs.messages.find((m: { body: string }) => m.body === "Claro! Como posso ajudar?")?.ack;
    }, { timeout: 10_000 })
    .toBe(3);
  await Promise.all([adminCtx.close(), agentCtx.close()]);
});
