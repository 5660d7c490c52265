import { randomBytes } from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { getDb } from "@/db";
import { contacts, tags, tickets } from "@/db/schema";
import { createE2eTenant, expect, test } from "./fixtures";
import { signIn } from "./sign-in";

// issue 16 §1: a card dragged on the board changes the ticket's tags, and another browser's board
// follows without reloading (moves, a closed ticket leaving, a reopened one coming back); the keyboard moves
// cards too (Space, arrows, Space).

async function seedBoard(companyId: number, adminId: number) {
  const db = getDb();
  const tag = randomBytes(3).toString("hex");
  const [working, done] = await db
    .insert(tags)
    .values([
      { companyId, name: `Atendendo ${tag}`, color: "#6366F1", kanban: 1 },
      { companyId, name: `Concluído ${tag}`, color: "#22C55E", kanban: 1 },
    ])
    .returning();
  const made = await db
    .insert(contacts)
    .values([1, 2].map((n) => ({ companyId, name: `Cliente ${n} ${tag}`, number: `55119${tag.length}${n}${Date.now() % 1e6}` })))
    .returning();
  // without a queue: every user of the company sees them; the admin's own, open
  const [first, second] = await db
    .insert(tickets)
    .values(made.map((c, i) => ({ companyId, contactId: c.id, status: "open", userId: adminId, lastMessage: `Olá ${i + 1}`, updatedAt: new Date(Date.now() - i * 1000) })))
    .returning();
  return { working, done, first, second };
}

const lane = (page: Page, key: string | number) => page.locator(`[data-testid="kanban-lane"][data-lane="${key}"]`);
const cardIn = (page: Page, key: string | number, ticketId: number) => lane(page, key).locator(`[data-testid="kanban-card"][data-ticket-id="${ticketId}"]`);

/** A mouse drag: press on the card's top line (not its button), move past the activation distance, then over the lane, release. */
async function drag(page: Page, card: Locator, target: Locator) {
  const from = (await card.boundingBox())!;
  const to = (await target.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + 14);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + 20, { steps: 4 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 12 });
  await page.mouse.up();
}

const tagIdsOf = async (page: Page, ticketId: number) => {
  const res = await page.request.get(`/api/tickets/${ticketId}`);
  return ((await res.json()) as { tags: { id: number }[] }).tags.map((t) => t.id);
};

test("cards move between lanes by mouse and keyboard; the ticket's tags change and another user's board follows live", async ({ browser }) => {
  const t = await createE2eTenant();
  const { working, done, first, second } = await seedBoard(t.company.id, t.admin.id);
  const [adminCtx, agentCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [admin, agent] = await Promise.all([adminCtx.newPage(), agentCtx.newPage()]);
  for (const [page, who] of [[admin, t.admin], [agent, t.agent]] as const) {
    await signIn(page, who.email, who.password, "/kanban");
  }
  for (const page of [admin, agent]) {
    await expect(lane(page, "open").getByRole("heading")).toHaveText("Em aberto");
    await expect(lane(page, working.id).getByRole("heading")).toHaveText(working.name);
    await expect(cardIn(page, "open", first.id)).toContainText(`Ticket #${first.id}`);
    await expect(cardIn(page, "open", first.id)).toContainText("Olá 1");
    await expect(cardIn(page, "open", second.id)).toBeVisible();
  }

  // the mouse: 'Em aberto' -> Atendendo
  await drag(admin, cardIn(admin, "open", first.id), lane(admin, working.id));
  await expect(admin.getByText("Ticket Tag Adicionado com Sucesso!").first()).toBeVisible();
  await expect(cardIn(admin, working.id, first.id)).toBeVisible();
  await expect.poll(() => tagIdsOf(admin, first.id)).toEqual([working.id]);
  await expect(cardIn(agent, working.id, first.id)).toBeVisible();
  await expect(cardIn(agent, "open", first.id)).toHaveCount(0);

  // the keyboard: focus, Space, → (next lane), Space. Asserted on dnd-kit's live region, so a failure
  // prints what it announced instead (a cancel, the card still over its lane).
  const announced = admin.locator('[id^="DndLiveRegion"]');
  const card = cardIn(admin, "open", second.id);
  await card.focus();
  await admin.keyboard.press("Space");
  // picked up, and over its own lane: the lanes are measured (an arrow pressed before that finds no
  // lane to move to, as it would for a person pressing at once on a busy machine)
  await expect(announced).toHaveText(/sobre a coluna Em aberto\./);
  // the sensor listens for arrows from a timer set at the pick-up (dnd-kit's KeyboardSensor.attach);
  // Chromium may run queued input before timers, so a later timer in the page marks that it listens
  await admin.evaluate(() => new Promise((done) => setTimeout(done, 20)));
  await admin.keyboard.press("ArrowRight");
  await expect(announced).toHaveText(new RegExp(`sobre a coluna ${working.name}`));
  await admin.keyboard.press("ArrowRight");
  await expect(announced).toHaveText(new RegExp(`sobre a coluna ${done.name}`));
  await admin.keyboard.press("Space");
  await expect(cardIn(admin, done.id, second.id)).toBeVisible();
  await expect.poll(() => tagIdsOf(admin, second.id)).toEqual([done.id]);
  await expect(cardIn(agent, done.id, second.id)).toBeVisible();

  // and back to 'Em aberto' with the mouse: its kanban tag goes
  await drag(admin, cardIn(admin, working.id, first.id), lane(admin, "open"));
  await expect(admin.getByText("Ticket Tag Removido!").first()).toBeVisible();
  await expect.poll(() => tagIdsOf(admin, first.id)).toEqual([]);
  await expect(cardIn(agent, "open", first.id)).toBeVisible();
  await expect(cardIn(agent, working.id, first.id)).toHaveCount(0);

  // a closed ticket leaves the other board
  expect((await admin.request.put(`/api/tickets/${second.id}`, { data: { status: "closed" } })).ok()).toBe(true);
  await expect(agent.locator(`[data-testid="kanban-card"][data-ticket-id="${second.id}"]`)).toHaveCount(0);
  // reopened, it comes back (a ticket the board did not show, read whole and placed by its tags)
  expect((await admin.request.put(`/api/tickets/${second.id}`, { data: { status: "open" } })).ok()).toBe(true);
  await expect(cardIn(agent, done.id, second.id)).toContainText("Cliente 2");

  // a contact renamed elsewhere shows on the other board at once (issue 34 §1)
  expect((await admin.request.put(`/api/contacts/${first.contactId}`, { data: { name: "Cliente Renomeado" } })).ok()).toBe(true);
  await expect(cardIn(agent, "open", first.id)).toContainText("Cliente Renomeado");

  // 'Ver Ticket' still opens the ticket (a click is no drag)
  await cardIn(admin, "open", first.id).getByTestId("kanban-card-open").click();
  await admin.waitForURL(`**/tickets/${first.uuid}`);
  await Promise.all([adminCtx.close(), agentCtx.close()]);
});

test("a move heard while the board's catch-up pages are in flight is not undone by those older pages", async ({ browser }) => {
  const t = await createE2eTenant();
  const { working, first } = await seedBoard(t.company.id, t.admin.id);
  const [adminCtx, agentCtx] = await Promise.all([browser.newContext(), browser.newContext()]);
  const [admin, agent] = await Promise.all([adminCtx.newPage(), agentCtx.newPage()]);
  await signIn(admin, t.admin.email, t.admin.password);
  await signIn(agent, t.agent.email, t.agent.password);

  // the agent's lane reads are answered as the server saw them then, but handed over only later
  let release!: () => void;
  const gate = new Promise<void>((done) => (release = done));
  let held = 0;
  const handed: Promise<void>[] = [];
  await agent.route(
    (url) => url.pathname === "/api/ticket/kanban",
    async (route) => {
      const response = await route.fetch();
      held++;
      const handOver = gate.then(() => route.fulfill({ response }));
      handed.push(handOver);
      await handOver;
    },
  );
  await agent.goto("/kanban");
  await expect(cardIn(agent, "open", first.id)).toBeVisible();
  // every lane's catch-up read ('Em aberto' and the two tag lanes) answered before the move
  await expect.poll(() => held).toBeGreaterThanOrEqual(3);

  expect((await admin.request.put(`/api/ticket-tags/${first.id}/${working.id}`)).ok()).toBe(true);
  await expect(cardIn(agent, working.id, first.id)).toBeVisible();

  release();
  await Promise.all(handed);
  // the older pages merged (React has rendered them)
  await agent.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(cardIn(agent, working.id, first.id)).toBeVisible();
  await expect(cardIn(agent, "open", first.id)).toHaveCount(0);
  await Promise.all([adminCtx.close(), agentCtx.close()]);
});
