import { getDb } from "@/db";
import { messages } from "@/db/schema";
import { generateWid } from "@/lib/messages/generate-wid";
import { conversationPane, expect, test } from "./fixtures";
import { apiHeaders, createTicketsTenant, inbound, openAs, pairByApi } from "./tickets-setup";

// Issue 33 §7 "A refused message is a failed message": an answer WhatsApp refused (error 463, as the
// worker leaves the row after the provider's `failed` event) shows the reason in the bubble and a
// Resend action; Resend sends the text again as a new message, which reaches the phone, and the
// refused one stays failed. SHOTS_DIR set: screenshots of the bubble are saved there.
const SHOTS = process.env.SHOTS_DIR;
const REFUSED = "Seu pedido saiu para entrega hoje às 14h";

type Listed = { id: number; uuid: string; queueId: number | null; contact: { name: string } };

test("a refused message shows why, and Resend sends it again as a new message", async ({ browser, request }) => {
  test.setTimeout(120_000);
  const t = await createTicketsTenant();
  const admin = await apiHeaders(request, t.admin.email, t.admin.password);
  await pairByApi(request, admin, t.conn.id);
  const number = "5511944443333";
  const name = "Rita Alves";
  const phoneBodies = async (): Promise<string[]> =>
    ((await (await request.get(`/api/sandbox/${t.conn.id}/outbound?to=${number}`, { headers: admin })).json()).messages as { body: string }[]).map((m) => m.body);

  // the customer picks Suporte in the bot's menu; the agent of Suporte takes the ticket
  const agent = await openAs(browser, t.agent.email, t.agent.password);
  await inbound(request, admin, t.conn.id, number, name, "Meu pedido já saiu?");
  await expect.poll(async () => (await phoneBodies()).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(1);
  await inbound(request, admin, t.conn.id, number, name, "1");
  let ticket: Listed | undefined;
  await expect
    .poll(
      async () => {
        const page = await (await agent.request.get("/api/tickets?status=pending&showAll=false&pageNumber=1")).json();
        ticket = (page.tickets as Listed[]).find((x) => x.contact.name === name && x.queueId === t.suporte.id);
        return Boolean(ticket);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  expect((await agent.request.put(`/api/tickets/${ticket!.id}`, { data: { status: "open" } })).status()).toBe(200);

  // the agent's answer that WhatsApp refused: restricted number (463)
  await getDb().insert(messages).values({
    companyId: t.company.id,
    ticketId: ticket!.id,
    whatsappId: t.conn.id,
    wid: generateWid(),
    body: REFUSED,
    fromMe: true,
    read: true,
    ack: 1,
    sendStatus: "failed",
    sendError: "463",
  });

  await agent.goto(`/tickets/${ticket!.uuid}`);
  const conversation = conversationPane(agent);
  const copies = conversation.getByTestId("message").filter({ hasText: REFUSED });
  const refused = copies.first();
  await expect(refused.getByTestId("message-failure-reason")).toHaveText("O WhatsApp restringiu este número", { timeout: 30_000 });
  await expect(refused.getByTestId("message-resend")).toHaveText("Reenviar");
  await expect(refused.getByTestId("message-failed")).toBeVisible();
  if (SHOTS) await refused.screenshot({ path: `${SHOTS}/failed-bubble.png` });
  expect(await phoneBodies()).not.toContain(REFUSED);

  // Resend: a new message with the same text goes out; the refused one stays as it was
  await refused.getByTestId("message-resend").click();
  await expect(copies).toHaveCount(2);
  const again = copies.nth(1);
  await expect(again.getByTestId("message-failure")).toHaveCount(0);
  await expect(again.locator("[data-ack]")).toHaveAttribute("data-ack", /^(sent|delivered|read)$/, { timeout: 15_000 });
  await expect.poll(async () => (await phoneBodies()).filter((b) => b === REFUSED).length, { timeout: 15_000 }).toBe(1);
  await expect(refused.getByTestId("message-failure-reason")).toHaveText("O WhatsApp restringiu este número");
  if (SHOTS) await conversation.getByTestId("message-list").screenshot({ path: `${SHOTS}/failed-bubble-resent.png` });

  // after a reload: still two, the refused one failed, the new one not
  await agent.reload();
  await expect(copies).toHaveCount(2, { timeout: 30_000 });
  await expect(conversation.getByTestId("message-failure")).toHaveCount(1);

  await agent.context().close();
});
