import { HANDOFF_MARKER } from "@/lib/bots/providers/openai/handoff";
import { REPLIES } from "@/lib/bots/sandbox-model/replies";
import { expect, test, conversationPane } from "./fixtures";
import { signIn } from "./sign-in";
import { customerSays, pairDemoPhone } from "./sandbox-phone";

// The demo's bots with no internet: the seeded "Assistente de vendas" on Vendas answers through the
// app's own sandbox model (APP_URL/api/sandbox/openai/v1, run by the worker's bot-turn runner); a
// customer who picks Vendas on the sandbox phone gets its answers, asks for a person, and the agent
// sees the whole conversation in the ticket view.
test.use({ viewport: { width: 1366, height: 900 } });

test("the demo's sales assistant answers on the sandbox model and hands the customer to an agent", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const admin = await context.newPage();
  await signIn(admin, "admin@example.com", "admin123");
  const api = admin.request;
  const queues = (await (await api.get("/api/queue")).json()) as { id: number; name: string; promptId: number | null }[];
  const vendas = queues.find((q) => q.name === "Vendas")!;
  const { prompts } = (await (await api.get("/api/prompt")).json()) as { prompts: { id: number; name: string; baseUrl: string; queueId: number | null }[] };
  const seeded = prompts.find((p) => p.name === "Assistente de vendas")!;
  expect(seeded).toMatchObject({ queueId: vendas.id, baseUrl: expect.stringMatching(/\/api\/sandbox\/openai\/v1$/) });

  const phone = await context.newPage();
  await pairDemoPhone(phone);
  const number = `5521${String(Date.now()).slice(-9)}`;
  await phone.getByTestId("sandbox-number").fill(number);
  await phone.getByTestId("sandbox-name").fill("Carla Sandbox");
  const onPhone = phone.getByTestId("sandbox-messages");
  await customerSays(phone, "Olá");
  await expect(onPhone).toContainText("*[ 2 ]* - Vendas", { timeout: 15_000 });
  await customerSays(phone, "2");
  await expect(onPhone).toContainText("Olá, Carla! Sou o assistente virtual da Empresa Demo.", { timeout: 20_000 });
  await customerSays(phone, "Quanto custa a camiseta? E o frete?");
  await expect(onPhone).toContainText(`${REPLIES.pt.prices} ${REPLIES.pt.delivery}`, { timeout: 20_000 });
  await customerSays(phone, "Quero falar com um atendente");
  await expect(onPhone).toContainText(REPLIES.pt.human, { timeout: 20_000 });
  await expect(onPhone).not.toContainText(HANDOFF_MARKER);

  // the ticket waits in Vendas for the agents; the admin accepts it and reads the bot's part
  await admin.goto("/tickets");
  await admin.getByTestId("tab-pending").click();
  const row = admin.getByTestId("ticket-list").locator("li", { hasText: "Carla Sandbox" }).first();
  await expect(row.getByTestId("ticket-queue")).toHaveText("Vendas", { timeout: 15_000 });
  await row.getByTestId("ticket-accept").click();
  const conversation = conversationPane(admin);
  await expect(conversation).toHaveAttribute("data-status", "open", { timeout: 15_000 });
  for (const text of ["Olá, Carla!", REPLIES.pt.prices, REPLIES.pt.human, "Quero falar com um atendente"]) await expect(conversation).toContainText(text);
  await expect(conversation).not.toContainText(HANDOFF_MARKER);
  await admin.screenshot({ path: test.info().outputPath("bots-sandbox-conversation.png") });
  // the seeded prompt recorded no error
  const after = (await (await api.get("/api/prompt")).json()) as { prompts: { name: string; lastError?: string | null }[] };
  expect(after.prompts.find((p) => p.name === "Assistente de vendas")?.lastError ?? null).toBeNull();
  await context.close();
});
