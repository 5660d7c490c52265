import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// Internal chat (issue 16 §3, admin §2.10, core §2): two agents of one company chat live; the
// unread dot on the menu item and the top bar's popover follow on the other agent's page.
test("two users chat live: unread dot and popover badge, read on open, answers both ways, narrow tabs", async ({ browser }) => {
  test.setTimeout(120_000);
  const t = await createE2eTenant();
  const [ctxA, ctxB] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [a, b] = await Promise.all([ctxA.newPage(), ctxB.newPage()]);
  const title = `Plantão ${Date.now() % 100000}`;

  // B works elsewhere (the tickets page), holding its user channel
  const bChannel = b.waitForResponse((r) => r.url().includes("/api/realtime/auth") && new RegExp(`-user-${t.agent.id}(&|$)`).test(r.request().postData() ?? "") && r.ok());
  await signIn(b, t.agent.email, t.agent.password);
  await bChannel;
  await expect(b.getByTestId("chat-unread-dot")).toHaveCount(0);

  // A creates a chat with B: the dialog asks for a title and a user first (admin §5)
  await signIn(a, t.admin.email, t.admin.password, "/chats");
  await a.getByTestId("chat-new").click();
  const dialog = a.getByTestId("chat-dialog");
  await expect(dialog.getByTestId("chat-user-option")).toHaveCount(1);
  await dialog.getByTestId("chat-save").click();
  await expect(dialog.getByText("Por favor, preencha o título da conversa.")).toBeVisible();
  await expect(dialog.getByText("Por favor, selecione pelo menos um usuário.")).toBeVisible();
  await dialog.getByTestId("chat-title").fill(title);
  await dialog.getByTestId("chat-user-option").filter({ hasText: "Agente" }).click();
  await dialog.getByTestId("chat-save").click();
  await expect(dialog).toHaveCount(0);
  await expect(a.getByTestId("chat-panel-title")).toHaveText(title);
  await expect(a).toHaveURL(/\/chats\/[0-9a-f-]{36}$/);

  // A sends (Enter); a blank message is not sent
  const input = a.getByTestId("chat-input");
  await input.fill("   ");
  await expect(a.getByTestId("chat-send")).toBeDisabled();
  await input.fill("Bom dia, pode olhar o ticket 42?");
  await input.press("Enter");
  await expect(a.getByTestId("chat-message").filter({ hasText: "Bom dia, pode olhar o ticket 42?" })).toHaveAttribute("data-own", "true");
  await expect(input).toHaveValue("");

  // B, on the tickets page, sees the dot and the popover's badge without reloading
  await expect(b).toHaveURL(/\/tickets$/);
  await expect(b.getByTestId("chat-unread-dot")).toBeVisible();
  await expect(b.getByTestId("chats-popover-count")).toHaveText("1");
  await b.getByTestId("chats-popover-button").click();
  const item = b.getByTestId("chats-popover-item").filter({ hasText: title });
  await expect(item).toContainText("Bom dia, pode olhar o ticket 42?");
  await item.click();

  // B opens the chat: the message is there, the unread clears everywhere
  await b.waitForURL(/\/chats\/[0-9a-f-]{36}$/);
  await expect(b.getByTestId("chat-panel-title")).toHaveText(title);
  const received = b.getByTestId("chat-message").filter({ hasText: "Bom dia, pode olhar o ticket 42?" });
  await expect(received).toHaveAttribute("data-own", "false");
  await expect(received).toContainText(`Admin`);
  await expect(b.getByTestId("chat-unread-dot")).toHaveCount(0);
  await expect(b.getByTestId("chats-popover-count")).toHaveCount(0);
  await expect(b.getByTestId("chat-unread-badge")).toHaveCount(0);
  // only the owner edits and deletes
  await expect(b.getByTestId("chat-edit")).toHaveCount(0);
  await expect(b.getByTestId("chat-delete")).toHaveCount(0);
  await expect(a.getByTestId("chat-edit")).toBeVisible();

  // B answers with the button; A sees it live, and has nothing unread (the chat is open)
  await b.getByTestId("chat-input").fill("Claro, já estou vendo.");
  await b.getByTestId("chat-send").click();
  await expect(a.getByTestId("chat-message").filter({ hasText: "Claro, já estou vendo." })).toHaveAttribute("data-own", "false");
  await expect(a.getByTestId("chat-list-item").filter({ hasText: title })).toContainText("Claro, já estou vendo.");
  await expect(a.getByTestId("chat-unread-dot")).toHaveCount(0);

  // a narrow screen: two tabs, Chats and Mensagens
  await b.setViewportSize({ width: 390, height: 800 });
  await expect(b.getByTestId("chats-tab-messages")).toBeVisible();
  await expect(b.getByTestId("chat-panel")).toBeVisible();
  await expect(b.getByTestId("chat-list")).toBeHidden();
  await b.getByTestId("chats-tab-list").click();
  await expect(b.getByTestId("chat-list")).toBeVisible();
  await expect(b.getByTestId("chat-panel")).toBeHidden();
  await b.getByTestId("chat-list-item").filter({ hasText: title }).click();
  await expect(b.getByTestId("chat-panel")).toBeVisible();
  await expect(b.getByTestId("chat-message").filter({ hasText: "Claro, já estou vendo." })).toBeVisible();

  // the owner deletes it after the spec's confirmation; B loses it live
  await a.getByTestId("chat-delete").click();
  await expect(a.getByTestId("chat-delete-dialog")).toContainText("Esta ação não pode ser revertida, confirmar?");
  await a.getByTestId("confirm-button").click();
  await expect(a.getByTestId("chat-none")).toBeVisible();
  await expect(b.getByTestId("chat-panel")).toHaveCount(0);
  await b.getByTestId("chats-tab-list").click();
  await expect(b.getByTestId("chat-list-item").filter({ hasText: title })).toHaveCount(0);
  await Promise.all([ctxA.close(), ctxB.close()]);
});

test("older messages load near the top and the place read stays; a failed send keeps its text; a chat of others is not opened", async ({ browser }) => {
  const t = await createE2eTenant();
  const other = await createE2eTenant();
  const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const page = await ctx.newPage();
  await signIn(page, t.admin.email, t.admin.password);
  const chat = await (await page.request.post("/api/chats", { data: { title: "Histórico", users: [{ id: t.agent.id }] } })).json();
  for (let i = 1; i <= 45; i++) {
    const res = await page.request.post(`/api/chats/${chat.id}/messages`, { data: { message: `Linha ${i}` } });
    expect(res.ok()).toBe(true);
  }
  await page.goto(`/chats/${chat.uuid}`);
  const list = page.getByTestId("chat-message-list");
  await expect(page.getByTestId("chat-message").last()).toContainText("Linha 45");
  await expect(page.getByTestId("chat-message")).toHaveCount(30);
  // scrolled to the top: the next page comes, and what was on screen stays there
  await list.evaluate((el) => el.scrollTo({ top: -el.scrollHeight }));
  await expect(page.getByTestId("chat-message")).toHaveCount(45);
  await expect(page.getByTestId("chat-message").first()).toContainText("Linha 1");
  const fromTop = await list.evaluate((el) => el.scrollHeight - el.clientHeight - Math.abs(el.scrollTop));
  expect(fromTop).toBeGreaterThan(200);

  // a send that fails is ignored (admin §8) but the text stays in the input; sent again, it goes
  await page.route("**/api/chats/*/messages", (r) => (r.request().method() === "POST" ? r.fulfill({ status: 500, json: { error: "ERR_INTERNAL" } }) : r.continue()));
  const input = page.getByTestId("chat-input");
  await input.fill("Não pode se perder");
  const failed = page.waitForResponse((r) => r.url().includes("/messages") && r.request().method() === "POST");
  await input.press("Enter");
  expect((await failed).status()).toBe(500);
  await expect(input).toHaveValue("Não pode se perder");
  await page.unroute("**/api/chats/*/messages");
  await page.getByTestId("chat-send").click();
  await expect(input).toHaveValue("");
  await expect(page.getByTestId("chat-message").last()).toContainText("Não pode se perder");

  // another company's chat (and a made-up one) opens the list instead
  const otherPage = await ctx.newPage();
  const otherCtx = await browser.newContext();
  const o = await otherCtx.newPage();
  await signIn(o, other.admin.email, other.admin.password);
  const theirs = await (await o.request.post("/api/chats", { data: { title: "Deles", users: [{ id: other.agent.id }] } })).json();
  await otherPage.goto(`/chats/${theirs.uuid}`);
  await otherPage.waitForURL(/\/chats$/);
  await expect(otherPage.getByTestId("chat-none")).toBeVisible();
  expect((await otherPage.request.post(`/api/chats/${theirs.id}/messages`, { data: { message: "x" } })).status()).toBe(404);
  await Promise.all([ctx.close(), otherCtx.close()]);
});
